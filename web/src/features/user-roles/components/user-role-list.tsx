// User-roles as a table (Name, Title, Department, Role, Location, actions), or cards on mobile.
import { orDash } from '@dealer/contracts';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions/row-actions';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { roleLabel, type UserRole } from '../api/user-role';

interface UserRoleListProps {
  userRoles: readonly UserRole[];
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (userRole: UserRole) => void;
  onDelete: (userRole: UserRole) => void;
  /** The user-role being removed, whose Delete button shows it is busy. */
  deletingId: UserRole['userRoleId'] | null;
}


function Actions({ userRole, canUpdate, canDelete, onEdit, onDelete, deletingId }: Omit<UserRoleListProps, 'userRoles'> & { userRole: UserRole }) {
  const what = `${orDash(userRole.fullName)}, ${roleLabel(userRole.roleName)} at ${orDash(userRole.locationName)}`;
  if (!canUpdate && !canDelete) return null;
  return (
    <div className="user-role-actions">
      {canUpdate && <RowAction label="Edit" what={what} onClick={() => onEdit(userRole)} />}
      {canDelete && <RowAction label="Delete" what={what} danger onClick={() => onDelete(userRole)} disabled={deletingId === userRole.userRoleId} />}
    </div>
  );
}

export function UserRoleList(props: UserRoleListProps) {
  const isMobile = useIsMobile();
  const { userRoles, canUpdate, canDelete } = props;
  if (isMobile)
    return (
      <ul className="card-list" aria-label="User roles">
        {userRoles.map((r) => (
          <li key={r.userRoleId} className="card user-role-card">
            <div className="user-role-card-head">
              <strong>{orDash(r.fullName)}</strong>
              <span className="role-badge">{roleLabel(r.roleName)}</span>
            </div>
            <dl className="card-fields">
              <dt>Location</dt>
              <dd>{orDash(r.locationName)}</dd>
              <dt>Title</dt>
              <dd>{orDash(r.title)}</dd>
              <dt>Department</dt>
              <dd>{orDash(r.department)}</dd>
            </dl>
            <Actions {...props} userRole={r} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">User roles, sorted by name</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Title</th>
            <th scope="col">Department</th>
            <th scope="col">Role</th>
            <th scope="col">Location</th>
            {(canUpdate || canDelete) && <ActionsHeader />}
          </tr>
        </thead>
        <tbody>
          {userRoles.map((r) => (
            <tr key={r.userRoleId}>
              <td className="nowrap">
                <strong>{orDash(r.fullName)}</strong>
              </td>
              <td>{orDash(r.title)}</td>
              <td>{orDash(r.department)}</td>
              <td>
                <span className="role-badge">{roleLabel(r.roleName)}</span>
              </td>
              <td>{orDash(r.locationName)}</td>
              {(canUpdate || canDelete) && (
                <td className="user-role-actions-cell">
                  <Actions {...props} userRole={r} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
