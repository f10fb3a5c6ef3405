// Admin user-roles page body (SPEC 7): location filter (0 = all), the sorted list, add, edit and delete with confirm.
import { permissionsFor } from '@dealer/contracts';
import { useState } from 'react';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { SelectField } from '../../../components/ui/form/select-field';
import { confirm } from '../../../components/ui/modal/notification-store';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useSession } from '../../../lib/auth/use-session';
import { itemMessages } from '../../../lib/item-messages';
import { useDeleteUserRole } from '../api/delete-user-role';
import { ALL_LOCATIONS, useUserRoles } from '../api/get-user-roles';
import type { LocationOption, UserRole } from '../api/user-role';
import { USER_ROLE_ITEM, UserRoleDialog } from './user-role-dialog';
import { UserRoleList } from './user-role-list';
import './user-roles.css';

const MESSAGES = itemMessages(USER_ROLE_ITEM);

interface EditorState {
  open: boolean;
  userRole: UserRole | null;
}

interface UserRolesProps {
  locations: readonly LocationOption[];
  locationsLoading: boolean;
}

function Results({ locationId, ...listProps }: { locationId: number } & Omit<Parameters<typeof UserRoleList>[0], 'userRoles'>) {
  const query = useUserRoles(locationId);
  if (query.isPending)
    return (
      <div className="empty-state">
        <Spinner label="Loading user roles..." />
      </div>
    );
  if (query.isError)
    return (
      <ErrorMessages error={query.error} className="empty-state" />
    );
  if (!query.data.length) return <p className="empty-state">No user roles.</p>;
  return (
    <>
      <p className="muted user-roles-count" aria-live="polite">
        {query.data.length === 1 ? '1 user role' : `${query.data.length} user roles`}
        {query.isFetching && <Spinner size="sm" label="Refreshing..." />}
      </p>
      <UserRoleList userRoles={query.data} {...listProps} />
    </>
  );
}

export function UserRoles({ locations, locationsLoading }: UserRolesProps) {
  const [locationId, setLocationId] = useState(ALL_LOCATIONS);
  const [editor, setEditor] = useState<EditorState>({ open: false, userRole: null });
  const session = useSession();
  const can = permissionsFor(session?.payload.access.list, 'user-roles');
  const remove = useDeleteUserRole({
    onSuccess: () => toast.success(MESSAGES.removed),
    onError: (error) => toast.errors(error.messages),
  });

  const onDelete = async (userRole: UserRole) => {
    if (await confirm({ message: MESSAGES.removeConfirm, variant: 'danger' })) remove.mutate(userRole.userRoleId);
  };

  const filterOptions = [
    { value: String(ALL_LOCATIONS), label: 'All locations' },
    ...locations.map((l) => ({ value: String(l.locationId), label: l.locationName })),
  ];

  return (
    <section className="panel user-roles" aria-label="User roles">
      <div className="user-roles-toolbar">
        <SelectField
          className="user-roles-filter"
          label="Location"
          options={filterOptions}
          value={String(locationId)}
          disabled={locationsLoading}
          onChange={(e) => setLocationId(Number(e.target.value))}
        />
        {can.canAdd && (
          <button type="button" className="btn btn-primary" onClick={() => setEditor({ open: true, userRole: null })}>
            Add User Role
          </button>
        )}
      </div>
      <Results
        locationId={locationId}
        canUpdate={can.canUpdate}
        canDelete={can.canDelete}
        onEdit={(userRole) => setEditor({ open: true, userRole })}
        onDelete={(userRole) => void onDelete(userRole)}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
      />
      <UserRoleDialog
        open={editor.open}
        // The user-role stays while the modal closes, so its title does not flip as it goes.
        onOpenChange={(open) => setEditor((e) => ({ open, userRole: e.userRole }))}
        userRole={editor.userRole}
        locations={locations}
      />
    </section>
  );
}
