import type { DesignView } from '../../../../contract/design';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { TextField } from '../../../ui/form/TextField';
import { dayInWords, instantInWords } from '../orderWords';
import { BriefFiles } from './BriefFiles';
import { TextArea } from './TextArea';
import { type ProofRoundActor, useBriefDraft, useProofRoundBusy, useProofRoundError } from './useProofRound';

/**
 * The brief of a design order: what the ad offers, its colours, notes and files (a logo at least),
 * saved as a draft while typing and sent to the studio with "Send the brief"; read-only once sent.
 */
export function DesignBrief({ actor, design }: { actor: ProofRoundActor; design: DesignView }) {
  const draft = useBriefDraft(actor);
  const busy = useProofRoundBusy(actor);
  const error = useProofRoundError(actor);
  const sent = design.brief.submitted_at !== null;
  const edit = (field: 'offer' | 'colours' | 'notes') => (value: string) =>
    actor.send({ type: 'brief.edit', field, value });
  return (
    <section aria-labelledby="design-brief" className="grid gap-4">
      <h2 id="design-brief" className="text-lg font-bold text-ink">
        Your design brief
      </h2>
      {sent && design.brief.submitted_at ? (
        <p className="text-sm text-ink-soft">
          Sent to our studio on {instantInWords(design.brief.submitted_at)}.
        </p>
      ) : (
        <p className="text-sm text-ink-soft">
          Tell our studio what the ad is for, and add your logo
          {design.brief.due ? `: the brief is due ${dayInWords(design.brief.due.date)}.` : '.'}
        </p>
      )}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {sent ? (
        <dl className="grid gap-2 text-[15px] [overflow-wrap:anywhere]">
          {(['offer', 'colours', 'notes'] as const).map((field) =>
            design.brief[field] ? (
              <div key={field} className="flex flex-col gap-0.5 tb:flex-row tb:gap-4">
                <dt className="text-sm font-semibold text-ink-muted tb:w-40">
                  {field === 'offer' ? 'Your offer' : field === 'colours' ? 'Colours' : 'Notes'}
                </dt>
                <dd>{design.brief[field]}</dd>
              </div>
            ) : null,
          )}
        </dl>
      ) : (
        <div className="grid gap-3">
          <TextField
            label="Your offer"
            name="offer"
            required
            value={draft.offer}
            onValueChange={edit('offer')}
          />
          <TextField label="Colours" name="colours" value={draft.colours} onValueChange={edit('colours')} />
          <TextArea label="Notes" value={draft.notes} onValueChange={edit('notes')} />
        </div>
      )}
      <BriefFiles actor={actor} files={design.files} editable={!sent} busy={busy} />
      {sent ? null : (
        <div>
          <Button inactive={busy} onClick={() => actor.send({ type: 'brief.submit' })}>
            {busy ? 'Saving…' : 'Send the brief'}
          </Button>
        </div>
      )}
    </section>
  );
}
