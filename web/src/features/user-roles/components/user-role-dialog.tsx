// Create or edit a user-role in a modal: employee (create only), role and location; toasts the outcome.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useIsMutating } from '@tanstack/react-query';
import { EMPLOYEE_ROLES } from '@dealer/contracts';
import { useForm } from 'react-hook-form';
import { SelectField } from '../../../components/ui/form/select-field';
import { FormFooter } from '../../../components/ui/modal/form-footer';
import { Modal } from '../../../components/ui/modal/modal';
import { toast } from '../../../components/ui/toaster/toast-store';
import { messagesOf, type ApiError } from '../../../lib/api-error';
import { itemMessages } from '../../../lib/item-messages';
import { useCreateUserRole } from '../api/create-user-role';
import { useUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { employeeName, roleLabel, type LocationOption, type UserRole } from '../api/user-role';
import { userRoleKeys } from '../api/user-role-keys';
import { userRoleFormSchema, type UserRoleFormInput, type UserRoleFormOutput } from './user-role-form-schema';

export const USER_ROLE_ITEM = 'user role';
const MESSAGES = itemMessages(USER_ROLE_ITEM);
const ROLE_OPTIONS = EMPLOYEE_ROLES.map((r) => ({ value: r, label: roleLabel(r) }));

interface UserRoleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user-role to edit; null creates one. */
  userRole: UserRole | null;
  locations: readonly LocationOption[];
}

function UserRoleForm({ userRole, locations, onDone }: { userRole: UserRole | null; locations: readonly LocationOption[]; onDone: () => void }) {
  const isEdit = userRole !== null;
  const users = useUsers(!isEdit);
  const form = useForm<UserRoleFormInput, unknown, UserRoleFormOutput>({
    resolver: valibotResolver(userRoleFormSchema),
    mode: 'onTouched',
    defaultValues: {
      userId: userRole?.userId ?? '',
      roleName: (userRole?.roleName ?? '') as UserRoleFormInput['roleName'],
      locationId: userRole ? String(userRole.locationId) : '',
    },
  });
  const { errors } = form.formState;
  const onError = (error: ApiError) => toast.errors(error.messages.length ? error.messages : [MESSAGES.unknownSubmitError]);
  const done = (message: string) => () => {
    toast.success(message);
    onDone();
  };
  const create = useCreateUserRole({ onSuccess: done(MESSAGES.added), onError });
  const update = useUpdateUserRole({ onSuccess: done(MESSAGES.updated), onError });
  const saving = create.isPending || update.isPending;

  const submit = form.handleSubmit(({ userId, roleName, locationId }) => {
    if (userRole) update.mutate({ userRoleId: userRole.userRoleId, roleName, locationId });
    else create.mutate({ userId, roleName, locationId });
  });

  const userOptions = (users.data ?? []).map((u) => ({
    value: u.userId,
    label: [employeeName(u), u.title].filter(Boolean).join(' - '),
  }));
  const locationOptions = locations.map((l) => ({ value: String(l.locationId), label: l.locationName }));

  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className="user-role-form">
      <div className="modal-body user-role-fields">
        {isEdit ? (
          <div className="field">
            <span className="field-label">Employee</span>
            <p className="user-role-employee">
              <strong>{userRole.fullName || '-'}</strong>
              {userRole.title && <span className="muted"> {userRole.title}</span>}
            </p>
          </div>
        ) : (
          <SelectField
            label="Employee"
            placeholder={users.isPending ? 'Loading...' : 'Select an employee...'}
            options={userOptions}
            disabled={users.isPending}
            autoFocus
            {...form.register('userId')}
            error={errors.userId?.message ?? (users.isError ? messagesOf(users.error)[0] : undefined)}
          />
        )}
        <SelectField label="Role" placeholder="Select a role..." options={ROLE_OPTIONS} autoFocus={isEdit} {...form.register('roleName')} error={errors.roleName?.message} />
        <SelectField
          label="Location"
          placeholder="Select a location..."
          options={locationOptions}
          {...form.register('locationId')}
          error={errors.locationId?.message}
        />
      </div>
      <FormFooter saving={saving} onCancel={onDone}>
        {isEdit ? 'Save' : 'Create'}
      </FormFooter>
    </form>
  );
}

export function UserRoleDialog({ open, onOpenChange, userRole, locations }: UserRoleDialogProps) {
  const saving = useIsMutating({ mutationKey: userRoleKeys.save() }) > 0;
  return (
    <Modal open={open} onOpenChange={onOpenChange} locked={saving} title={userRole ? 'Edit User Role' : 'Add User Role'} size="md">
      <UserRoleForm key={userRole?.userRoleId ?? 'new'} userRole={userRole} locations={locations} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}
