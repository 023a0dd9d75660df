import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { FormProvider, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { documentMessages, lineItemMessages, type DocumentDto } from '@flowline/shared';
import { useDocumentTitle } from '../../../components/use-document-title';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useDateFormatter } from '../../preferences';
import { useDocument, useDocumentAvailability } from './api';
import { AttachmentsTab } from './attachments/attachments-tab';
import {
  DocumentActions,
  documentFormId,
  useDocumentCommands,
  type Replacement,
} from './document-actions';
import { DocumentHeading } from './document-heading';
import { isReading, useReadingPoll } from './extraction/api';
import { ReadingStatus } from './extraction/reading-status';
import { textForField } from './fill-text';
import { HistoryTab } from './history/history-tab';
import { LineItemsPane } from './line-items/line-items-pane';
import { BottomSplitPane } from './line-items/split-pane';
import { useLineItemsDraft } from './line-items/use-line-items-draft';
import { ClickToFillContext, type ClickToFill } from './metadata/click-to-fill';
import { fieldKind } from './metadata/field-kinds';
import { fieldName, initialFormValues, type MetadataFormValues } from './metadata/form-values';
import { MetadataFields } from './metadata/metadata-fields';
import { useKeepTypedValues } from './metadata/use-keep-typed-values';
import { MobileMetadataDrawer } from './mobile-metadata-drawer';
import { DisputeComment, RejectionReason } from './rejection-reason';
import { ApprovalChainPanel } from '../../approvals/approval-chain-panel';
import { MatchPanel } from '../../three-way-match/match-panel';
import { DocumentFieldTicketsPanel } from '../../field-tickets/document-field-tickets-panel';
import { ReturnReason } from './signing/return-reason';
import { useFieldPlacement } from './signing/use-field-placement';
import { useSigning } from './signing/use-signing';
import { DuplicateWarning } from './workflow/duplicate-warning';
import { VersionsTab } from './versions-tab';
import { PaymentsTab } from './workflow/payments-tab';
import { LazyFileViewer } from './viewer/lazy-viewer';
import { documentViewerSource, localFileViewerSource } from './viewer/viewer-source';
import { ReplacementBar } from './workflow/replacement-bar';

/**
 * The document screen (spec 1 §2): heading and actions, the left rail tabs (Metadata, Audit
 * History, Versions, Attachments, Payments for AR invoices — docs/document-screen.md) and the viewer.
 */
export function DocumentScreen({ id }: { id: number }) {
  const document = useDocument(id);
  if (document.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
        <CircularProgress aria-label="Loading document" />
      </Box>
    );
  }
  if (document.isError) {
    // A bad id the server refuses (400) names no document either: the same message as a 404.
    return isApiError(document.error, 404) ? (
      <NewerVersionOrNotAvailable id={id} />
    ) : isApiError(document.error, 400) ? (
      <DocumentNotAvailable />
    ) : (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void document.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(document.error)}
      </Alert>
    );
  }
  return <LoadedDocument key={document.data.id} doc={document.data} />;
}

/**
 * A document replaced by a newer version (a signed division order moves both companies to the
 * signed one) opens that version; anything else is not available.
 */
function NewerVersionOrNotAvailable({ id }: { id: number }) {
  const availability = useDocumentAvailability(id);
  if (availability.isPending) return <CircularProgress aria-label="Loading document" />;
  const latest = availability.data?.latestVersionId;
  if (latest && latest !== id) return <Navigate to={`/documents/${latest}`} replace />;
  return <DocumentNotAvailable />;
}

/** A missing or foreign document (404): spec 1 §8 wording. */
export function DocumentNotAvailable() {
  useDocumentTitle('Document');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 560, py: 4 }}>
      <Typography variant="h1">Document</Typography>
      <Alert severity="info" sx={{ width: '100%' }}>
        {documentMessages.noLongerAvailable}
      </Alert>
      <Button component={RouterLink} to="/" variant="contained">
        Go Home
      </Button>
    </Stack>
  );
}

type TabKey = 'metadata' | 'history' | 'versions' | 'attachments' | 'payments';
const allTabs: ReadonlyArray<{ key: TabKey; label: string }> = [
  { key: 'metadata', label: 'Metadata' },
  { key: 'history', label: 'Audit History' },
  { key: 'versions', label: 'Versions' },
  { key: 'attachments', label: 'Attachments' },
  // Spec 1 §2: a Payments tab exists only for AR invoice types.
  { key: 'payments', label: 'Payments' },
];

function LoadedDocument({ doc }: { doc: DocumentDto }) {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const { dateFormat } = useDateFormatter();
  const [tab, setTab] = useState<TabKey>('metadata');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const values = useMemo(
    () => initialFormValues(doc.metadata, dateFormat),
    [doc.metadata, dateFormat],
  );
  const form = useForm<MetadataFormValues>({ values, mode: 'onBlur' });
  // Values read from the document arrive while the user may be typing: what they typed stays.
  useKeepTypedValues(form, values, isReading(doc.extraction?.status));
  useReadingPoll(doc.id, doc.extraction);
  const lines = useLineItemsDraft(doc);
  const [showLines, setShowLines] = useState(false);
  const commands = useDocumentCommands(doc, form, dateFormat, lines);
  const signing = useSigning(doc);
  const placement = useFieldPlacement(doc);
  // Issue 27 item 6: a file chosen with Replace file is what Resubmit sends, so the viewer shows
  // it (the original is a click away).
  const [replacement, setReplacement] = useState<Replacement | null>(null);
  const [showOriginal, setShowOriginal] = useState(false);
  const replacementSource = useMemo(
    () => (replacement ? localFileViewerSource(replacement.file) : null),
    [replacement],
  );
  const showingReplacement = replacementSource !== null && !showOriginal;
  const source =
    showingReplacement && replacementSource ? replacementSource : documentViewerSource(doc);
  const editable = doc.availableActions.edit;

  // Click-to-fill: the field that last had the focus takes the text selected on a page.
  const activeField = useRef<string | null>(null);
  const clickToFill = useMemo<ClickToFill>(
    () => ({ setActiveField: (name) => (activeField.current = name) }),
    [],
  );
  const fill = (selected: string): boolean => {
    const name = activeField.current;
    const entry = doc.metadata.find((e) => fieldName(e.metadata.id) === name);
    if (!name || !entry || !editable) return false;
    const text = textForField(fieldKind(entry.metadata.metadataType.id), selected, dateFormat);
    if (text === null) return false;
    form.setValue(name, { text, id: null }, { shouldDirty: true, shouldValidate: true });
    return true;
  };

  // Spec 1 §2: only for document types with line items enabled.
  const linesSwitch = doc.lineItemsEnabled ? (
    <FormControlLabel
      control={<Switch checked={showLines} onChange={(_, on) => setShowLines(on)} />}
      label={lineItemMessages.detailItems(lines.lines.length)}
      sx={{ mb: 1 }}
    />
  ) : null;
  const linesPane = <LineItemsPane doc={doc} draft={lines} />;

  const fields = (
    <form
      id={documentFormId}
      noValidate
      aria-label="Metadata"
      onSubmit={(event) => {
        event.preventDefault();
        if (editable) commands.save();
      }}
    >
      <MetadataFields doc={doc} dateFormat={dateFormat} />
    </form>
  );

  const viewer = (
    <Paper
      variant="outlined"
      sx={{ height: '100%', overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
    >
      {replacement ? (
        <ReplacementBar
          fileName={replacement.fileName}
          originalName={doc.fileName}
          showingReplacement={showingReplacement}
          previewable={replacementSource !== null}
          onShow={(which) => setShowOriginal(which === 'original')}
        />
      ) : (
        <ReadingStatus extraction={doc.extraction} />
      )}
      {placement.bar}
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <LazyFileViewer
          key={showingReplacement ? `replacement-${replacement?.id}` : 'original'}
          source={source}
          onTextSelected={editable ? fill : undefined}
          capture={signing.capture ?? placement.capture}
          ocrDocumentId={showingReplacement ? undefined : doc.id}
        />
      </Box>
    </Paper>
  );

  const panel = (key: TabKey): ReactNode => {
    switch (key) {
      case 'metadata':
        return mobile ? null : (
          <>
            {linesSwitch}
            {fields}
          </>
        );
      case 'history':
        return <HistoryTab documentId={doc.id} />;
      case 'versions':
        return <VersionsTab documentId={doc.id} />;
      case 'attachments':
        return <AttachmentsTab doc={doc} />;
      case 'payments':
        return <PaymentsTab doc={doc} />;
    }
  };

  const tabBar = (
    <Tabs
      value={tab}
      onChange={(_, value: TabKey) => setTab(value)}
      orientation={mobile ? 'horizontal' : 'vertical'}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="Document sections"
      sx={
        mobile
          ? { borderBottom: 1, borderColor: 'divider', mb: 1 }
          : { borderRight: 1, borderColor: 'divider', minWidth: 150 }
      }
    >
      {allTabs
        .filter((t) => t.key !== 'payments' || doc.hasPayments)
        .map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            id={`document-tab-${t.key}`}
            aria-controls={`document-panel-${t.key}`}
            sx={mobile ? undefined : { alignItems: 'flex-start', textAlign: 'left' }}
          />
        ))}
    </Tabs>
  );

  const tabPanel = (
    <Box
      role="tabpanel"
      id={`document-panel-${tab}`}
      aria-labelledby={`document-tab-${tab}`}
      sx={{ minWidth: 0, minHeight: 0, overflow: mobile ? 'visible' : 'auto', p: mobile ? 0 : 2 }}
    >
      {panel(tab)}
    </Box>
  );

  const grid = (
    <Paper
      variant="outlined"
      sx={{
        flex: 1,
        height: '100%',
        minHeight: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(300px, 440px) minmax(0, 1fr)',
        overflow: 'hidden',
      }}
    >
      {tabBar}
      {tabPanel}
      <Box sx={{ minHeight: 0, p: 1, pl: 0 }}>{viewer}</Box>
    </Paper>
  );

  return (
    <FormProvider {...form}>
      <ClickToFillContext.Provider value={clickToFill}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            height: { md: 'calc(100vh - 64px - 48px)' },
            minHeight: { md: 560 },
          }}
        >
          <DocumentHeading
            doc={doc}
            actions={
              <DocumentActions
                doc={doc}
                commands={commands}
                dirty={form.formState.isDirty}
                signing={signing}
                replacement={replacement}
                onReplacement={(chosen) => {
                  setReplacement(chosen);
                  setShowOriginal(false);
                }}
              />
            }
          />
          {signing.dialogs}
          <RejectionReason doc={doc} />
          <DisputeComment doc={doc} />
          <ReturnReason doc={doc} />
          <DuplicateWarning doc={doc} />
          <ApprovalChainPanel doc={doc} />
          <MatchPanel doc={doc} />
          <DocumentFieldTicketsPanel doc={doc} />
          {mobile ? (
            <Box>
              {tabBar}
              {tab === 'metadata' ? (
                // The fields are in the drawer; the panel the Metadata tab controls is the viewer.
                <Box
                  role="tabpanel"
                  id="document-panel-metadata"
                  aria-labelledby="document-tab-metadata"
                >
                  {linesSwitch}
                  {showLines && linesPane}
                  <Box sx={{ height: '70vh' }}>{viewer}</Box>
                </Box>
              ) : (
                tabPanel
              )}
              <MobileMetadataDrawer
                open={drawerOpen}
                onOpen={() => setDrawerOpen(true)}
                onClose={() => setDrawerOpen(false)}
                showFab={tab === 'metadata'}
                editable={editable}
                saving={commands.saving}
                dirty={form.formState.isDirty}
                onSave={commands.save}
              >
                {fields}
              </MobileMetadataDrawer>
            </Box>
          ) : showLines ? (
            <Box sx={{ flex: 1, minHeight: 0 }}>
              <BottomSplitPane
                label="Resize the detail line items"
                top={grid}
                bottom={
                  <Paper variant="outlined" sx={{ height: '100%', overflow: 'auto' }}>
                    {linesPane}
                  </Paper>
                }
              />
            </Box>
          ) : (
            grid
          )}
        </Box>
      </ClickToFillContext.Provider>
    </FormProvider>
  );
}
