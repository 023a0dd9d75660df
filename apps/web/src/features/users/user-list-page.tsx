import { PlaceholderPage } from '../../components/placeholder-page';

export function UserListPage() {
  return (
    <PlaceholderPage
      title="Users"
      description="The users of your company (Email, First Name, Last Name, Active) and a New User button."
    />
  );
}
