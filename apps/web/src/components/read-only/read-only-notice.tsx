import { cloneElement, type ReactElement } from 'react';
import Alert from '@mui/material/Alert';
import Tooltip from '@mui/material/Tooltip';

/** Why an action is disabled for members who are not Administrators (issue 27 item 20). */
export const ADMIN_ACTION_HINT = 'Only Administrators can do this. Ask your admin.';
const NOTICE_ID = 'read-only-notice';

/** The page's explanation above a list a member may read but not change. */
export function ReadOnlyNotice({ what }: { what: string }) {
  return (
    <Alert id={NOTICE_ID} severity="info" variant="outlined" sx={{ mb: 2 }}>
      You can view {what} here. Only Administrators can change them: ask your admin.
    </Alert>
  );
}

/**
 * A disabled action keeps its explanation: the button is described by the page's notice (screen
 * readers), and a tooltip on a wrapper says it on hover (a disabled element gets no pointer
 * events). Used only on pages that render ReadOnlyNotice for the same users.
 */
export function AdminOnlyTooltip({
  disabled,
  children,
}: {
  disabled: boolean;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  if (!disabled) return children;
  return (
    <Tooltip title={ADMIN_ACTION_HINT} describeChild>
      <span style={{ display: 'inline-flex' }}>
        {cloneElement(children, { 'aria-describedby': NOTICE_ID })}
      </span>
    </Tooltip>
  );
}
