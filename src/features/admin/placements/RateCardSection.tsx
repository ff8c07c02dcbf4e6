import type { PlacementDraft } from '../../../../machines/admin/placementEditor.machine';
import { Button } from '../../../ui/Button';
import { EditorSection, NumberField } from './fields';

type RateCard = NonNullable<PlacementDraft['rate_card']>;

/** Quantities (from, to, in steps of) and volume discounts; without a card the channel's apply. */
export function RateCardSection({
  card,
  errors,
  onChange,
}: {
  card: PlacementDraft['rate_card'];
  errors: Record<string, string>;
  onChange: (card: PlacementDraft['rate_card']) => void;
}) {
  const set = (fields: Partial<RateCard>) => card && onChange({ ...card, ...fields });
  const discounts = card?.discounts ?? [];
  return (
    <EditorSection title="Rate card">
      <label className="flex items-center gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          checked={card !== null}
          onChange={(event) =>
            onChange(event.target.checked ? { min: 1, max: 1, step: 1, discounts: [] } : null)
          }
        />
        Its own quantities and discounts (otherwise its channel’s)
      </label>
      {card ? (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            {(
              [
                ['min', 'Quantity from'],
                ['max', 'to'],
                ['step', 'in steps of'],
              ] as const
            ).map(([key, label]) => (
              <NumberField
                key={key}
                label={label}
                name={`rate_card.${key}`}
                inputMode="numeric"
                required
                value={card[key]}
                onNumberChange={(value) => set({ [key]: value })}
                error={errors[`rate_card.${key}`] ?? (key === 'max' ? errors.rate_card : undefined)}
              />
            ))}
          </div>
          <fieldset className="grid gap-3">
            <legend className="text-sm font-bold text-ink">Volume discounts</legend>
            {discounts.length === 0 ? <p className="text-sm text-ink-muted">No discount.</p> : null}
            {discounts.map((discount, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a discount is its place in the card; it has no id.
              <div key={i} className="flex flex-wrap items-end gap-3">
                <NumberField
                  label={`Discount ${i + 1}: from how many dates`}
                  name={`rate_card.discounts.${i}.from_dates`}
                  inputMode="numeric"
                  required
                  value={discount.from_dates}
                  onNumberChange={(value) =>
                    set({ discounts: discounts.map((d, j) => (j === i ? { ...d, from_dates: value } : d)) })
                  }
                  error={errors[`rate_card.discounts.${i}.from_dates`]}
                />
                <NumberField
                  label={`Discount ${i + 1}: percent`}
                  name={`rate_card.discounts.${i}.percent`}
                  inputMode="numeric"
                  required
                  value={discount.percent}
                  onNumberChange={(value) =>
                    set({ discounts: discounts.map((d, j) => (j === i ? { ...d, percent: value } : d)) })
                  }
                  error={errors[`rate_card.discounts.${i}.percent`]}
                />
                <Button
                  variant="ghost"
                  onClick={() => set({ discounts: discounts.filter((_, j) => j !== i) })}
                  aria-label={`Remove discount ${i + 1}`}
                >
                  Remove
                </Button>
              </div>
            ))}
            {discounts.length < 5 ? (
              <div>
                <Button
                  variant="secondary"
                  onClick={() => set({ discounts: [...discounts, { from_dates: 4, percent: 5 }] })}
                >
                  Add a discount
                </Button>
              </div>
            ) : null}
          </fieldset>
        </>
      ) : null}
    </EditorSection>
  );
}
