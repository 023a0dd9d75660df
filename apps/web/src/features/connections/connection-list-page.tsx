import { useMatch } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** /admin/connections shows only possible connections, /admin/parties all of them (spec 2 §2.12). */
export function ConnectionListPage() {
  const possibleOnly = useMatch('/admin/connections') !== null;
  return (
    <PlaceholderPage
      title="Connections"
      description={
        possibleOnly
          ? 'Possible connections: companies on the network you can connect to.'
          : 'All your connections, with their type, status and actions.'
      }
    />
  );
}
