import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { CommentPin } from '../../../../contract/adFiles';
import type { Draft, Person } from '../../../../machines/files/commentThread.machine';
import { Button } from '../../../ui/Button';
import { mentionQuery, peopleMatching, personLabel, withMention } from './MentionPicker';

/**
 * The new comment: its text (typing @ offers the company's people in a list, chosen with the arrows
 * and Enter), the people named as removable chips, the file it is on (order page) and the point
 * pinned on the proof (file page). A refusal is said by the field it is about.
 */
export function CommentForm({
  draft,
  people,
  files,
  pin,
  posting,
  error,
  fieldErrors,
  onStartPinning,
  onClearPin,
  onEdit,
  onMention,
  onUnmention,
  onChooseFile,
  onPost,
}: {
  draft: Draft;
  people: readonly Person[];
  files: readonly Person[];
  pin: CommentPin | null;
  posting: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  onStartPinning?: (() => void) | undefined;
  onClearPin?: (() => void) | undefined;
  onEdit(body: string): void;
  onMention(person: Person): void;
  onUnmention(id: string): void;
  onChooseFile(fileId: string): void;
  onPost(): void;
}) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  // Said after a chip is removed, since the chip (and its button) are gone.
  const [removed, setRemoved] = useState('');
  const typed = mentionQuery(draft.body, caret);
  const options = typed && !closed ? peopleMatching(people, typed.query) : [];
  const open = options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  const bodyError = fieldErrors.body ?? null;
  const mentionError = fieldErrors.mentions ?? null;
  const pinError = Object.entries(fieldErrors).find(([field]) => field.startsWith('pin'))?.[1] ?? null;
  const otherError = bodyError || mentionError || pinError ? null : error;

  const choose = (person: Person) => {
    if (!typed) return;
    const next = withMention(draft.body, typed.start, caret, person);
    onEdit(next.text);
    onMention(person);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    const chosen = options[activeIndex];
    if (event.key === 'ArrowDown') setActive((activeIndex + 1) % options.length);
    else if (event.key === 'ArrowUp') setActive((activeIndex - 1 + options.length) % options.length);
    else if ((event.key === 'Enter' || event.key === 'Tab') && chosen) choose(chosen);
    else if (event.key === 'Escape') setClosed(true);
    else return;
    event.preventDefault();
  };

  return (
    <form
      className="grid gap-2"
      aria-label="New comment"
      onSubmit={(event) => {
        event.preventDefault();
        onPost();
      }}
    >
      {files.length > 1 ? (
        <div className="grid gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold text-ink">
            On file
          </label>
          <select
            id={`${id}-file`}
            value={draft.fileId ?? ''}
            onChange={(e) => onChooseFile(e.target.value)}
            className="h-10 rounded-button border border-primary-200 px-3"
          >
            {files.map((file) => (
              <option key={file.id} value={file.id}>
                {file.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <label htmlFor={`${id}-body`} className="text-sm font-semibold text-ink">
        Comment
      </label>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        Type @ to mention someone of your team: they get an e-mail.
      </p>
      <div className="relative">
        <textarea
          ref={textarea}
          id={`${id}-body`}
          value={draft.body}
          rows={3}
          maxLength={4000}
          aria-describedby={`${id}-hint${bodyError ? ` ${id}-body-error` : ''}`}
          aria-invalid={bodyError ? true : undefined}
          // A combobox, so screen readers read the person the arrow keys reach (aria-activedescendant).
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-autocomplete="list"
          aria-controls={open ? `${id}-people` : undefined}
          aria-activedescendant={open ? `${id}-person-${activeIndex}` : undefined}
          onChange={(e) => {
            onEdit(e.target.value);
            setCaret(e.target.selectionStart);
            setClosed(false);
            setActive(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setClosed(true)}
          onFocus={() => setClosed(false)}
          className="w-full rounded-button border border-primary-200 p-3"
        />
        <p aria-live="polite" className="sr-only">
          {open
            ? `${options.length} ${options.length === 1 ? 'person' : 'people'}: use the arrow keys, Enter to choose.`
            : ''}
        </p>
        {open ? (
          <div
            id={`${id}-people`}
            role="listbox"
            aria-label="People to mention"
            className="absolute inset-x-0 top-full z-popover mt-1 max-h-60 overflow-auto rounded-2xl border border-primary-200 bg-white p-1 shadow-lg"
          >
            {options.map((person, index) => (
              <div
                key={person.id}
                id={`${id}-person-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                className={`cursor-pointer rounded-xl px-3 py-2 text-sm ${index === activeIndex ? 'bg-primary-100 text-ink' : 'text-ink-soft'}`}
                // mousedown, not click: the textarea keeps its focus and caret.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(person);
                }}
              >
                {personLabel(person, people)}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {bodyError ? (
        <p id={`${id}-body-error`} className="text-sm font-semibold text-coral-700">
          {bodyError}
        </p>
      ) : null}
      {draft.mentions.length > 0 ? (
        <ul aria-label="Mentioned" className="flex flex-wrap gap-2">
          {draft.mentions.map((person) => (
            <li
              key={person.id}
              className="inline-flex items-center gap-1 rounded-full bg-primary-100 py-1 pr-1 pl-3 text-sm text-ink"
            >
              {personLabel(person, people)}
              <button
                type="button"
                aria-label={`Remove ${personLabel(person, people)}`}
                onClick={(event) => {
                  // The chip goes: the focus goes to the next chip's button (or the one before), else the text.
                  const item = event.currentTarget.closest('li');
                  const next = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector(
                    'button',
                  );
                  onUnmention(person.id);
                  setRemoved(
                    `${personLabel(person, people)} is no longer mentioned and will not be e-mailed.`,
                  );
                  requestAnimationFrame(() => (next ?? textarea.current)?.focus());
                }}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-primary-200"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {removed}
      </p>
      {mentionError ? <p className="text-sm font-semibold text-coral-700">{mentionError}</p> : null}
      {onStartPinning ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {pin ? (
            <>
              <span className="text-ink">Pinned on page {pin.page}</span>
              {onClearPin ? (
                <Button type="button" variant="ghost" onClick={onClearPin}>
                  Remove the pin
                </Button>
              ) : null}
            </>
          ) : (
            <Button type="button" variant="secondary" onClick={onStartPinning}>
              Pin to a point on the proof
            </Button>
          )}
        </div>
      ) : null}
      {pinError ? <p className="text-sm font-semibold text-coral-700">{pinError}</p> : null}
      {otherError ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {otherError}
        </p>
      ) : null}
      <div>
        <Button type="submit" inactive={posting}>
          {posting ? 'Posting…' : 'Post'}
        </Button>
      </div>
    </form>
  );
}
