import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ChatWidgetMachine } from '../../../machines/chat/chatWidget.machine';
import { useApp, useAppHandle } from '../AppContext';

const isBooted = (s: SnapshotFrom<ChatWidgetMachine> | undefined) => s?.matches('booted') ?? false;

/** The chat widget is there to open (booted: its script loaded, the visitor known to it). */
export const useChatReady = (): boolean => useSelector(useApp()?.chat, isBooted);

/** Opens the chat's conversation panel. */
export function useShowChat(): () => void {
  const handle = useAppHandle();
  return useCallback(() => handle.whenReady((app) => app.chat.send({ type: 'chat.show' })), [handle]);
}
