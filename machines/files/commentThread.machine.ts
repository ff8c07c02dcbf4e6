import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CommentPin, FileComment } from '../../contract/adFiles';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';

/** Someone of the company a comment may name. */
export interface Person {
  id: string;
  name: string;
}

/** A thread as loaded: its comments (oldest first), whom they may mention, and the files they may be on. */
export interface LoadedThread {
  comments: FileComment[];
  people: Person[];
  /** The order page's files, for the form to say which one a comment is on; empty on a file's page. */
  files: Person[];
}

/** What the post request answers: the comment, or the API's refusal with a message per field. */
export type PostAnswer =
  | { ok: true; comment: FileComment }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

export interface CommentToPost {
  fileId: string;
  body: string;
  pin: CommentPin | null;
  mentions: string[];
}

export interface Draft {
  body: string;
  mentions: Person[];
  /** The file the comment is on: the page's file, or the one chosen on the order page. */
  fileId: string | null;
}

export interface CommentThreadContext {
  thread: LoadedThread | null;
  draft: Draft;
  /** Why the thread could not be loaded. */
  loadError: string | null;
  /** Why the last comment was not posted, and what each field was refused for. */
  postError: string | null;
  fieldErrors: Record<string, string>;
  /** The comment its author asked to delete, while they confirm and while it is deleted. */
  deleting: string | null;
  deleteError: string | null;
  /** What is on its way while posting: on success only that leaves the draft (typed since stays). */
  posted: { body: string; mentions: string[] } | null;
  /** The thread is to be read again (a file of the page changed) once nothing is on its way. */
  reloadWanted: boolean;
}

export type CommentThreadEvent =
  | { type: 'thread.retry' }
  /** The page's files changed (an upload, an approval): read the thread again, keeping the draft. */
  | { type: 'thread.reload' }
  | { type: 'draft.edit'; body: string }
  | { type: 'draft.mention'; person: Person }
  | { type: 'draft.unmention'; id: string }
  | { type: 'draft.file'; fileId: string }
  /** "Post": the pin is the page's (a point picked on the proof), or null. */
  | { type: 'comment.post'; pin: CommentPin | null }
  | { type: 'comment.delete'; id: string }
  | { type: 'comment.deleteConfirmed' }
  | { type: 'comment.deleteDismissed' };

const emptyDraft = (fileId: string | null): Draft => ({ body: '', mentions: [], fileId });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where "@Name" stands in the text, and whose name it is. */
interface Span {
  name: string;
  start: number;
  end: number;
}

/**
 * Every "@Name" of the given names in the text, each a whole name: it ends where a letter or digit
 * does not follow (so "@Sam" is not in "@Samantha"). All names are matched at once, longest first,
 * and a match consumes its text, so "@Sam Lee" is Sam Lee's and never also Sam's (found by review).
 */
function spansOf(body: string, names: readonly string[]): Span[] {
  const distinct = [...new Set(names)].filter((n) => n !== '').sort((a, b) => b.length - a.length);
  if (distinct.length === 0) return [];
  const pattern = new RegExp(`@(${distinct.map(escaped).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return [...body.matchAll(pattern)].map((m) => ({
    name: m[1] ?? '',
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * The people named still named by the text: each needs its own "@Name", so two people sharing a
 * name need two, and whoever's "@Name" was deleted from the text is not e-mailed.
 */
export function stillNamed(body: string, mentions: readonly Person[]): Person[] {
  const left = new Map<string, number>();
  for (const span of spansOf(
    body,
    mentions.map((p) => p.name),
  ))
    left.set(span.name, (left.get(span.name) ?? 0) + 1);
  return mentions.filter((p) => {
    const count = left.get(p.name) ?? 0;
    if (count === 0) return false;
    left.set(p.name, count - 1);
    return true;
  });
}

/**
 * The text once the person is no longer mentioned: their "@" goes, their name stays as words so the
 * sentence still reads (found by review: a removed chip left "@Name"). Only their own "@Name" loses
 * it, never a longer name's ("@Sam Lee" keeps its @ when Sam goes), and of two people sharing a
 * name, only the removed one's occurrence (the same rank among them as among the chips).
 */
export function unnamedIn(body: string, person: Person, mentions: readonly Person[] = [person]): string {
  const spans = spansOf(
    body,
    mentions.map((p) => p.name),
  ).filter((span) => span.name === person.name);
  const namesakes = mentions.filter((p) => p.name === person.name);
  const rank = Math.max(
    0,
    namesakes.findIndex((p) => p.id === person.id),
  );
  // The only one of that name: every "@Name" goes. One of several: their own occurrence only.
  const own = spans[Math.min(rank, spans.length - 1)];
  const going = namesakes.length <= 1 ? spans : own ? [own] : [];
  let text = body;
  for (const span of [...going].sort((a, b) => b.start - a.start))
    text = `${text.slice(0, span.start)}${person.name}${text.slice(span.end)}`;
  return text;
}

/**
 * The draft once what was posted has gone: nothing if it is unchanged, what was typed after it if it
 * only grew, else all of it (it was rewritten while posting, so none of it is the comment posted).
 */
export function draftAfterPost(draft: Draft, posted: { body: string; mentions: string[] }): Draft {
  if (draft.body === posted.body) return emptyDraft(draft.fileId);
  if (!draft.body.startsWith(posted.body)) return draft;
  return {
    ...draft,
    body: draft.body.slice(posted.body.length).replace(/^\s+/, ''),
    mentions: draft.mentions.filter((p) => !posted.mentions.includes(p.id)),
  };
}

/**
 * A comment thread (issue 33, part 3): loading, then ready, or failed with a retry. Post sends one
 * request however often it is pressed; a refusal keeps the draft with the fields' messages, and the
 * comment posted is appended and the draft emptied. Deleting one's own comment asks first. The draft
 * (text, people named, the file it is on) lives here so a failure loses none of it.
 */
/** Post and Delete, taken while the thread is shown, whether or not it is being read again. */
const composing = {
  'comment.post': [
    {
      guard: and(['hasText', 'hasFile']),
      target: 'posting',
      actions: ['clearPostError', 'keepPosted'],
    },
    { actions: 'refuseEmpty' },
  ],
  'comment.delete': { target: 'confirmingDelete', actions: 'askDelete' },
} as const;

export const commentThreadMachine = setup({
  types: {
    context: {} as CommentThreadContext,
    events: {} as CommentThreadEvent,
    input: {} as { fileId?: string | null },
  },
  actors: {
    load: fromPromise<LoadedThread>(async () => {
      throw new Error('load is supplied where the actor is created');
    }),
    post: fromPromise<PostAnswer, CommentToPost>(async () => {
      throw new Error('post is supplied where the actor is created');
    }),
    remove: fromPromise<void, { fileId: string; id: string }>(async () => {
      throw new Error('remove is supplied where the actor is created');
    }),
  },
  guards: {
    hasText: ({ context }) => context.draft.body.trim() !== '',
    hasFile: ({ context }) => context.draft.fileId !== null,
    reloadWanted: ({ context }) => context.reloadWanted,
    isRefused: (_, answer: PostAnswer) => !answer.ok,
  },
  actions: {
    keepThread: assign(({ context }, thread: LoadedThread) => ({
      thread,
      loadError: null,
      // On the order page the comment is on its first file until another is chosen.
      draft: { ...context.draft, fileId: context.draft.fileId ?? thread.files[0]?.id ?? null },
    })),
    /** The thread read again: the draft stays, on its file while the page still has that file. */
    refreshThread: assign(({ context }, thread: LoadedThread) => {
      const { fileId } = context.draft;
      const kept =
        thread.files.length === 0 || thread.files.some((f) => f.id === fileId)
          ? fileId
          : (thread.files[0]?.id ?? null);
      return { thread, loadError: null, reloadWanted: false, draft: { ...context.draft, fileId: kept } };
    }),
    wantReload: assign({ reloadWanted: true }),
    forgetReload: assign({ reloadWanted: false }),
    keepPosted: assign(({ context }) => ({
      posted: { body: context.draft.body, mentions: context.draft.mentions.map((p) => p.id) },
    })),
    keepLoadError: assign((_, params: { error: unknown }) => ({
      loadError: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'draft.edit');
      // The text and the people named agree: whoever's "@Name" was deleted from the text is not e-mailed.
      const mentions = stillNamed(event.body, context.draft.mentions);
      return { draft: { ...context.draft, body: event.body, mentions } };
    }),
    mention: assign(({ context, event }) => {
      assertEvent(event, 'draft.mention');
      const { mentions } = context.draft;
      if (mentions.some((p) => p.id === event.person.id)) return {};
      return { draft: { ...context.draft, mentions: [...mentions, event.person] } };
    }),
    unmention: assign(({ context, event }) => {
      assertEvent(event, 'draft.unmention');
      const person = context.draft.mentions.find((p) => p.id === event.id);
      if (!person) return {};
      // Only this person's "@Name" goes, so everyone else stays named as they were.
      const body = unnamedIn(context.draft.body, person, context.draft.mentions);
      return {
        draft: { ...context.draft, body, mentions: context.draft.mentions.filter((p) => p.id !== event.id) },
      };
    }),
    chooseFile: assign(({ context, event }) => {
      assertEvent(event, 'draft.file');
      return { draft: { ...context.draft, fileId: event.fileId } };
    }),
    clearPostError: assign({ postError: null, fieldErrors: {} }),
    refuseEmpty: assign({
      postError: 'Write a comment first.',
      fieldErrors: { body: 'Write a comment first.' },
    }),
    keepRefusal: assign((_, answer: PostAnswer) =>
      answer.ok ? {} : { postError: answer.message, fieldErrors: answer.fieldErrors, posted: null },
    ),
    keepPostError: assign((_, params: { error: unknown }) => ({
      postError: messageOf(params.error, SOMETHING_WENT_WRONG),
      fieldErrors: {},
      posted: null,
    })),
    append: assign(({ context }, answer: PostAnswer) => {
      if (!answer.ok || !context.thread) return {};
      return {
        thread: { ...context.thread, comments: [...context.thread.comments, answer.comment] },
        draft: context.posted
          ? draftAfterPost(context.draft, context.posted)
          : emptyDraft(context.draft.fileId),
        posted: null,
        postError: null,
        fieldErrors: {},
      };
    }),
    askDelete: assign(({ event }) => {
      assertEvent(event, 'comment.delete');
      return { deleting: event.id, deleteError: null };
    }),
    forgetDelete: assign({ deleting: null }),
    dropDeleted: assign(({ context }) => ({
      thread: context.thread && {
        ...context.thread,
        comments: context.thread.comments.filter((c) => c.id !== context.deleting),
      },
      deleting: null,
    })),
    keepDeleteError: assign((_, params: { error: unknown }) => ({
      deleteError: messageOf(params.error, SOMETHING_WENT_WRONG),
      deleting: null,
    })),
  },
}).createMachine({
  id: 'commentThread',
  context: ({ input }) => ({
    thread: null,
    draft: emptyDraft(input.fileId ?? null),
    loadError: null,
    postError: null,
    fieldErrors: {},
    deleting: null,
    deleteError: null,
    posted: null,
    reloadWanted: false,
  }),
  initial: 'loading',
  // The draft can be written while the thread loads, posts or deletes: nothing typed is lost.
  on: {
    'draft.edit': { actions: 'edit' },
    'draft.mention': { actions: 'mention' },
    'draft.unmention': { actions: 'unmention' },
    'draft.file': { actions: 'chooseFile' },
    // Wanted now, read once nothing is on its way (a post or a delete finishing reads it then).
    'thread.reload': { actions: 'wantReload' },
  },
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: {
          target: 'ready',
          actions: [{ type: 'keepThread', params: ({ event }) => event.output }, 'forgetReload'],
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'thread.retry': 'loading', 'thread.reload': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'reloadWanted', target: 'reloading' },
          on: composing,
        },
        // The thread read again with the draft kept; Post meanwhile goes first (the reload follows).
        reloading: {
          invoke: {
            src: 'load',
            onDone: {
              target: 'idle',
              actions: { type: 'refreshThread', params: ({ event }) => event.output },
            },
            // The comments shown stay: they were right a moment ago, and the next change reads again.
            onError: { target: 'idle', actions: 'forgetReload' },
          },
          on: composing,
        },
        // Post pressed again while the comment is on its way: the one request stands.
        posting: {
          invoke: {
            src: 'post',
            input: ({ context, event }) => {
              assertEvent(event, 'comment.post');
              return {
                fileId: context.draft.fileId ?? '',
                body: context.posted?.body ?? context.draft.body,
                pin: event.pin,
                mentions: context.posted?.mentions ?? context.draft.mentions.map((p) => p.id),
              };
            },
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'keepRefusal', params: ({ event }) => event.output },
              },
              { target: 'idle', actions: { type: 'append', params: ({ event }) => event.output } },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'keepPostError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        confirmingDelete: {
          on: {
            'comment.deleteConfirmed': 'deleting',
            'comment.deleteDismissed': { target: 'idle', actions: 'forgetDelete' },
          },
        },
        deleting: {
          invoke: {
            src: 'remove',
            input: ({ context }) => {
              const comment = context.thread?.comments.find((c) => c.id === context.deleting);
              return { fileId: comment?.file.id ?? '', id: context.deleting ?? '' };
            },
            onDone: { target: 'idle', actions: 'dropDeleted' },
            onError: {
              target: 'idle',
              actions: { type: 'keepDeleteError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
