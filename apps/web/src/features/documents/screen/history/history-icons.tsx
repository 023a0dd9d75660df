import { createElement } from 'react';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import AttachFile from '@mui/icons-material/AttachFile';
import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import Block from '@mui/icons-material/Block';
import Cancel from '@mui/icons-material/Cancel';
import CancelScheduleSend from '@mui/icons-material/CancelScheduleSend';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import DoDisturbOn from '@mui/icons-material/DoDisturbOn';
import Download from '@mui/icons-material/Download';
import Draw from '@mui/icons-material/Draw';
import Edit from '@mui/icons-material/Edit';
import EditNote from '@mui/icons-material/EditNote';
import FindReplace from '@mui/icons-material/FindReplace';
import Email from '@mui/icons-material/Email';
import Help from '@mui/icons-material/Help';
import LinkOff from '@mui/icons-material/LinkOff';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import MoneyOff from '@mui/icons-material/MoneyOff';
import MoveToInbox from '@mui/icons-material/MoveToInbox';
import NoteAdd from '@mui/icons-material/NoteAdd';
import Payments from '@mui/icons-material/Payments';
import PauseCircle from '@mui/icons-material/PauseCircle';
import PlayCircle from '@mui/icons-material/PlayCircle';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import PlaylistRemove from '@mui/icons-material/PlaylistRemove';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Replay from '@mui/icons-material/Replay';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Send from '@mui/icons-material/Send';
import Sync from '@mui/icons-material/Sync';
import TaskAlt from '@mui/icons-material/TaskAlt';
import ContentCopy from '@mui/icons-material/ContentCopy';
import TextSnippet from '@mui/icons-material/TextSnippet';
import Visibility from '@mui/icons-material/Visibility';

type SvgIconComponent = typeof Help;

/** The icon names of packages/shared history-operations.ts as components. */
const icons: Readonly<Record<string, SvgIconComponent>> = {
  AssignmentInd,
  AssignmentReturn,
  AttachFile,
  AutoFixHigh,
  Block,
  Cancel,
  CancelScheduleSend,
  CheckCircle,
  Close,
  Delete,
  DoDisturbOn,
  Download,
  Draw,
  Edit,
  EditNote,
  FindReplace,
  Email,
  Help,
  LinkOff,
  MarkEmailUnread,
  MoneyOff,
  MoveToInbox,
  NoteAdd,
  Payments,
  PauseCircle,
  PlayCircle,
  PlaylistAdd,
  PlaylistRemove,
  ReceiptLong,
  Replay,
  ReportProblem,
  Send,
  Sync,
  TaskAlt,
  ContentCopy,
  TextSnippet,
  Visibility,
};

/** The operation's icon; a decorative one labelled by the operation name for screen readers. */
export function HistoryIcon({ name, title }: { name: string; title: string }) {
  return createElement(icons[name] ?? Help, { color: 'primary', titleAccess: title });
}
