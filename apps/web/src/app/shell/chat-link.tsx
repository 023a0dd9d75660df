import { Navigate, useSearchParams } from 'react-router';

/** The location a chat notification mail links to (`/chat?channel=…`). */
export interface ChatLinkState {
  chatChannel: string;
}

/**
 * `/chat?channel=…`, the link in a chat notification mail: Home with the chat panel open on that
 * conversation (the shell reads the state). Without a channel, Home with the panel open.
 */
export function ChatLink() {
  const [params] = useSearchParams();
  const state: ChatLinkState = { chatChannel: params.get('channel') ?? '' };
  return <Navigate to="/" replace state={state} />;
}
