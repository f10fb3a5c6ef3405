// /employee/users: the admin's default page, managing who holds which role at which location.
import { PageHeader } from '../../../components/layouts/page-header';
import { useLocations } from '../../../features/locations/api/get-locations';
import { UserRoles } from '../../../features/user-roles/components/user-roles';

export function UsersRoute() {
  const locations = useLocations();
  return (
    <>
      <PageHeader title="Users" description="Give employees a role at a location, change it or take it away." />
      <UserRoles locations={locations.data ?? []} locationsLoading={locations.isPending} />
    </>
  );
}
