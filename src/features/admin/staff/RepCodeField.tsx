import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';

/**
 * A rep's code (issue 32), as their links carry it (`?rep=jsmith`): a new company registered with it
 * is attributed to them. Saved on "Save"; an empty code is none.
 */
export function RepCodeField({
  name,
  email,
  code,
  busy,
  onSave,
}: {
  name: string;
  email: string;
  code: string | null;
  busy: boolean;
  onSave: (code: string) => void;
}) {
  const [typed, setTyped] = useState(code ?? '');
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave(typed.trim());
  };
  return (
    <form onSubmit={save} className="flex items-center gap-2">
      <input
        aria-label={`Rep code of ${name} (${email})`}
        value={typed}
        maxLength={40}
        placeholder="None"
        onChange={(event) => setTyped(event.target.value)}
        className="h-10 w-32 rounded-xl border-2 border-primary-100 bg-white px-2 text-sm"
      />
      <Button type="submit" variant="secondary" inactive={busy}>
        Save
        <span className="sr-only">
          {' '}
          the rep code of {name} ({email})
        </span>
      </Button>
    </form>
  );
}
