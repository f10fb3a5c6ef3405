// The signed-in user's name and a Sign out button, for the staff and customer top bars.
import { fullName } from '@dealer/contracts';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/auth/use-session';

export function UserMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return null;
  const name = fullName({ firstName: user.first, lastName: user.last }) || user.username || user.email || '';
  return (
    <div className="user-menu">
      <span className="user-menu-name" title={user.title ?? undefined}>
        <span className="visually-hidden">Signed in as </span>
        {name}
      </span>
      <button type="button" className="btn btn-sm topbar-button" onClick={() => navigate(paths.logout)}>
        Sign out
      </button>
    </div>
  );
}
