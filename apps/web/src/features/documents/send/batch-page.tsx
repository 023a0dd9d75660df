import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { zBatchDocumentIds } from '@flowline/shared';
import { PageHeader } from '../../../components/page-header';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../session/use-session';

/**
 * /batch/{batchName}: the documents one upload produced (spec 3 §4). With one file per upload the
 * server makes one document, so the Send dialog reaches this page only if that ever changes.
 */
export function BatchPage() {
  const { batchName = '' } = useParams();
  const { user } = useSession();
  const ids = useQuery({
    queryKey: ['documents', 'lists', 'batch', batchName, user.id],
    queryFn: () =>
      apiRequest('/batch/getdocumentids', {
        schema: zBatchDocumentIds,
        query: { batchName, userId: user.id },
      }),
  });
  return (
    <>
      <PageHeader title={batchName} />
      <Paper variant="outlined">
        {ids.data?.length === 0 && (
          <Typography sx={{ p: 2 }}>This batch has no documents.</Typography>
        )}
        <List aria-label="Documents of the batch">
          {ids.data?.map((id) => (
            <ListItem key={id}>
              <Link component={RouterLink} to={`/documents/${id}`}>
                Document {id}
              </Link>
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}
