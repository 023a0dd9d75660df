import { useContext, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOGO_ACCEPT, logoFileProblem, logoMessages } from '@flowline/shared';
import { FileDropZone } from '../../components/file-drop-zone';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { SessionContext } from '../session/use-session';
import { useCompanyLogo, useRemoveLogo, useUploadLogo } from './api';
import { CompanyLogo } from './company-logo';

/**
 * /admin/logo (spec 3 §2): open without sign-in (the route has no login guard), so a signed-out
 * visitor is invited to sign in; inside the shell administrators upload, everyone sees the logo.
 */
export function LogoPage() {
  const session = useContext(SessionContext);
  return (
    <>
      <PageHeader title="Logo" />
      <Typography sx={{ mb: 2 }}>{logoMessages.resizeNote}</Typography>
      {session ? (
        <LogoEditor
          companyId={session.company.id}
          companyName={session.company.name}
          canEdit={session.isAdministrator}
        />
      ) : (
        <Alert
          severity="info"
          action={
            <Button
              component={RouterLink}
              to={`/landingpage?redirectTo=${encodeURIComponent('/admin/logo')}`}
              color="inherit"
            >
              Sign in
            </Button>
          }
        >
          Sign in as an administrator of your company to upload its logo.
        </Alert>
      )}
    </>
  );
}

function LogoEditor(props: { companyId: number; companyName: string; canEdit: boolean }) {
  const { companyId, companyName, canEdit } = props;
  const snackbar = useSnackbar();
  const [progress, setProgress] = useState<number | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadLogo(setProgress);
  const remove = useRemoveLogo();
  const logo = useCompanyLogo(companyId);

  // Auto upload (spec 3 §9): choosing or dropping a valid file starts it at once.
  const onFiles = (files: File[]) => {
    const [file] = files;
    const found = files.length !== 1 || !file ? logoMessages.oneFile : logoFileProblem(file);
    setProblem(found);
    if (found || !file) return;
    upload.mutate(file, {
      onSuccess: () => snackbar.showSuccess(logoMessages.uploaded),
      onError: (error) => setProblem(errorMessage(error)),
      onSettled: () => setProgress(undefined),
    });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      {canEdit ? (
        <Box>
          <FileDropZone
            label={logoMessages.dropZone}
            accept={LOGO_ACCEPT}
            onFiles={onFiles}
            disabled={upload.isPending}
            progress={progress}
            hint="PNG, JPEG, GIF or WebP, up to 5 MB"
            error={problem !== null}
          />
          {problem && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          )}
        </Box>
      ) : (
        <Alert severity="info">Only administrators of {companyName} can change the logo.</Alert>
      )}
      <Box>
        <Typography variant="h2" sx={{ mb: 1 }}>
          Current logo
        </Typography>
        {logo.data ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Paper variant="outlined" sx={{ p: 1, display: 'inline-flex' }}>
              <CompanyLogo companyId={companyId} companyName={companyName} height={50} />
            </Paper>
            {canEdit && (
              <Button
                color="error"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => snackbar.showSuccess(logoMessages.removed),
                    onError: (error) => snackbar.showError(errorMessage(error)),
                  })
                }
              >
                Remove logo
              </Button>
            )}
          </Stack>
        ) : (
          <Typography color="text.secondary">
            {logo.isPending ? 'Loading…' : 'No logo uploaded yet.'}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
