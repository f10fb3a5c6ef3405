// RO page body (/employee/ro-search): find a repair order by location and number; the address keeps the
// lookup (?locationId=&roNumber=) so a reload or a shared link shows the same RO.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useRepairOrder } from '../api/get-repair-order';
import type { RoInput } from '../api/repair-order';
import { RoDetails } from './ro-details';
import { RoInputFields, type LocationField } from './ro-input-fields';
import { roInputSchema, type RoInputForm, type RoInputValues } from './ro-input-schema';
import './repair-orders.css';

interface RoSearchProps {
  LocationSelect: LocationField;
  defaultLocationId: number | null;
  /** 'Find customers': the CRM customers matching this RO's customer. */
  onFindCustomers: (ro: RoInput) => void;
}

function lookupFrom(params: URLSearchParams): RoInput | null {
  const roNumber = params.get('roNumber')?.trim() ?? '';
  const locationId = Number(params.get('locationId'));
  return roNumber && Number.isInteger(locationId) && locationId > 0 ? { roNumber, locationId } : null;
}

function RoSearchForm({ lookup, LocationSelect, defaultLocationId, onFind, busy }: {
  lookup: RoInput | null;
  LocationSelect: LocationField;
  defaultLocationId: number | null;
  onFind: (ro: RoInput) => void;
  busy: boolean;
}) {
  const form = useForm<RoInputForm, unknown, RoInputValues>({
    resolver: valibotResolver(roInputSchema),
    mode: 'onTouched',
    defaultValues: { roNumber: lookup?.roNumber ?? '', locationId: lookup?.locationId ?? defaultLocationId },
  });
  return (
    <section className="panel ro-search-panel" aria-labelledby="ro-search-title">
      <h2 id="ro-search-title">Find a repair order</h2>
      <form noValidate role="search" aria-label="Find a repair order" className="ro-search-form" onSubmit={form.handleSubmit(onFind)}>
        <RoInputFields form={form} LocationSelect={LocationSelect} defaultLocationId={defaultLocationId} autoFocusRoNumber={lookup === null} roNumberErrorAfter="edited" />
        <button type="submit" className="btn btn-primary ro-search-submit">
          {busy && <Spinner size="sm" label="Searching..." />}
          Find RO
        </button>
      </form>
    </section>
  );
}

export function RoSearch({ LocationSelect, defaultLocationId, onFindCustomers }: RoSearchProps) {
  const [params, setParams] = useSearchParams();
  const lookup = lookupFrom(params);
  const ro = useRepairOrder(lookup);

  const find = ({ roNumber, locationId }: RoInput) => {
    const next = { roNumber: roNumber.trim(), locationId };
    // The same RO again: look again (it may have been imported since).
    if (lookup && lookup.roNumber === next.roNumber && lookup.locationId === next.locationId) void ro.refetch();
    else setParams({ locationId: String(next.locationId), roNumber: next.roNumber });
  };

  return (
    <div className="ro-search">
      <RoSearchForm lookup={lookup} LocationSelect={LocationSelect} defaultLocationId={defaultLocationId} onFind={find} busy={ro.isFetching} />
      {lookup && ro.isPending && (
        <div className="panel empty-state">
          <Spinner label="Loading repair order..." />
        </div>
      )}
      {ro.isError && (
        <ErrorMessages error={ro.error} className="alert alert-danger ro-error" />
      )}
      {ro.isSuccess && !ro.isError && lookup && <RoDetails ro={ro.data} onFindCustomers={() => onFindCustomers({ roNumber: ro.data.roNumber, locationId: ro.data.locationId })} />}
      {!lookup && <p className="muted">Enter an RO number and its location to see the repair order.</p>}
    </div>
  );
}
