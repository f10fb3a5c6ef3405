// Packs page body (issue 11): the searchable, paged packs; a pack's detail with its coupons. Managers and
// admins (POST, PUT and DELETE on packs) add, edit, disable and enable packs and add and remove coupons;
// other staff read.
import { permissionsFor, type PackView } from '@dealer/contracts';
import { useState } from 'react';
import { CatalogueToolbar, useCatalogueFilter } from '../../../components/ui/catalogue/catalogue-toolbar';
import { CatalogueResults } from '../../../components/ui/catalogue/catalogue-results';
import { confirm } from '../../../components/ui/modal/notification-store';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useSession } from '../../../lib/auth/use-session';
import { answerMessage } from '../../../lib/command-answer';
import { usePacks } from '../api/get-packs';
import { useSetPackStatus } from '../api/set-pack-status';
import { PackDetailDialog } from './pack-detail-dialog';
import { PackFormDialog, type LocationOption } from './pack-form-dialog';
import { PackList } from './pack-list';
import { PACK_MESSAGES, PACK_TEXTS } from './pack-texts';
import './packs.css';

interface PacksProps {
  locations: readonly LocationOption[];
  locationsLoading: boolean;
}

interface Dialog {
  open: boolean;
  pack: PackView | null;
}

export function Packs({ locations, locationsLoading }: PacksProps) {
  const filter = useCatalogueFilter();
  const query = usePacks({ search: filter.search, status: filter.status, offset: filter.offset });
  const [editor, setEditor] = useState<Dialog>({ open: false, pack: null });
  const [detail, setDetail] = useState<Dialog>({ open: false, pack: null });
  const session = useSession();
  const can = permissionsFor(session?.payload.access.list, 'packs');
  const setStatusOf = useSetPackStatus({
    onSuccess: (answer, { action }) => toast.success(answerMessage(answer, action === 'disable' ? PACK_MESSAGES.disabled : PACK_MESSAGES.enabled)),
    onError: (error) => toast.errors(error.messages),
  });

  const onToggleStatus = async (pack: PackView) => {
    const disabling = pack.status === 'active';
    const message = disabling ? PACK_TEXTS.disableConfirm(pack.name) : PACK_TEXTS.enableConfirm(pack.name);
    if (await confirm({ message, variant: disabling ? 'danger' : 'warning' })) setStatusOf.mutate({ packId: pack.packId, action: disabling ? 'disable' : 'enable' });
  };

  return (
    <section className="panel catalogue" aria-label="Coupon packs">
      <CatalogueToolbar
        filter={filter}
        searchLabel={PACK_TEXTS.searchLabel}
        placeholder={PACK_TEXTS.searchPlaceholder}
        add={can.canAdd ? { label: PACK_TEXTS.add, onClick: () => setEditor({ open: true, pack: null }) } : undefined}
      />
      <CatalogueResults
        query={{ ...query, page: query.data && { ...query.data, count: query.data.packs.length } }}
        texts={{
          loading: PACK_TEXTS.loading,
          empty: filter.filtered ? PACK_TEXTS.noMatches : PACK_TEXTS.none,
          count: (n) => (n === 1 ? '1 pack' : `${n} packs`),
          pages: 'Pack pages',
        }}
        onOffsetChange={filter.setOffset}
      >
        <PackList
          packs={query.data?.packs ?? []}
          canUpdate={can.canUpdate}
          canChangeStatus={can.canAdd}
          onOpen={(pack) => setDetail({ open: true, pack })}
          onEdit={(pack) => setEditor({ open: true, pack })}
          onToggleStatus={(pack) => void onToggleStatus(pack)}
          busyId={setStatusOf.isPending ? (setStatusOf.variables?.packId ?? null) : null}
        />
      </CatalogueResults>
      <PackFormDialog
        open={editor.open}
        // The pack stays while the modal closes, so its title does not flip as it goes.
        onOpenChange={(open) => setEditor((e) => ({ open, pack: e.pack }))}
        pack={editor.pack}
        locations={locations}
        locationsLoading={locationsLoading}
      />
      <PackDetailDialog
        open={detail.open}
        onOpenChange={(open) => setDetail((d) => ({ open, pack: d.pack }))}
        pack={detail.pack}
        canChangeCoupons={can.canAdd && can.canDelete}
      />
    </section>
  );
}
