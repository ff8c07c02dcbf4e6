import { useId } from 'react';
import { BRIEF_FILE_ROLES, type BriefFileRole, type DesignView } from '../../../../contract/design';
import { pickFile } from '../../../system/pickedFiles';
import { Button } from '../../../ui/Button';
import type { ProofRoundActor } from './useProofRound';

const LABELS: Record<BriefFileRole, string> = { logo: 'Logo', photo: 'Photos', other: 'Other files' };

function FileInput({
  actor,
  role,
  disabled,
}: {
  actor: ProofRoundActor;
  role: BriefFileRole;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {LABELS[role]}
      </label>
      <input
        id={id}
        type="file"
        multiple={role !== 'logo'}
        disabled={disabled}
        accept=".pdf,.png,.jpg,.jpeg,.svg,.zip"
        className="text-sm"
        onChange={(event) => {
          for (const file of Array.from(event.target.files ?? []))
            actor.send({ type: 'brief.addFile', role, file: pickFile(file) });
          event.target.value = '';
        }}
      />
    </div>
  );
}

/** The brief's files by what they are, each removable while the brief is a draft. */
export function BriefFiles({
  actor,
  files,
  editable,
  busy,
}: {
  actor: ProofRoundActor;
  files: DesignView['files'];
  editable: boolean;
  busy: boolean;
}) {
  return (
    <div className="grid gap-3">
      {files.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{LABELS[file.role]}:</span>
              <span className="[overflow-wrap:anywhere]">{file.name}</span>
              <span className="text-ink-muted">({file.size_formatted})</span>
              {editable ? (
                <Button
                  variant="secondary"
                  inactive={busy}
                  aria-label={`Remove ${file.name}`}
                  onClick={() => actor.send({ type: 'brief.removeFile', id: file.id })}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <div className="grid gap-3 tb:grid-cols-3">
          {BRIEF_FILE_ROLES.map((role) => (
            <FileInput key={role} actor={actor} role={role} disabled={busy} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
