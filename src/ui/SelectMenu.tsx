import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { Check, ChevronsUpDown } from 'lucide-react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectMenuProps<V extends string> {
  label: string;
  value: V;
  options: ReadonlyArray<SelectOption<V>>;
  onChange: (value: V) => void;
  className?: string;
}

/** A labelled single-choice list (Headless UI Listbox); the open list is at most 270 px tall. */
export function SelectMenu<V extends string>({
  label,
  value,
  options,
  onChange,
  className = '',
}: SelectMenuProps<V>) {
  const current = options.find((o) => o.value === value) ?? options[0];
  return (
    <Field className={`flex flex-col gap-1 ${className}`}>
      <Label className="text-xs font-bold tracking-wide text-ink-muted uppercase">{label}</Label>
      <Listbox value={value} onChange={onChange}>
        <ListboxButton className="flex h-11 w-full items-center justify-between gap-2 rounded-xl border-2 border-primary-100 bg-white px-3 text-left font-semibold text-ink hover:border-primary-300 data-open:border-primary">
          <span className="truncate">{current?.label}</span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 6 }}
          transition
          className="z-popover max-h-select w-(--button-width) min-w-48 overflow-y-auto rounded-xl border border-primary-100 bg-white p-1.5 shadow-xl shadow-primary-900/10 outline-none transition duration-100 data-closed:opacity-0"
        >
          {options.map((option) => (
            <ListboxOption
              key={option.value}
              value={option.value}
              className="group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-ink data-focus:bg-primary-50"
            >
              <Check
                aria-hidden="true"
                className="invisible size-4 text-primary group-data-selected:visible"
              />
              <span className="group-data-selected:font-bold">{option.label}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
