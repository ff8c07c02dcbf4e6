import { Field, Switch as HeadlessSwitch, Label } from '@headlessui/react';

/** An on/off switch (64×32, SPEC section 9) with its label; a real switch for assistive technology. */
export function Switch({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <Field className="inline-flex items-center gap-3">
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-switch w-switch shrink-0 items-center rounded-full bg-primary-100 p-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 data-checked:bg-primary"
      >
        <span
          aria-hidden="true"
          className="size-6 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-8 motion-reduce:transition-none"
        />
      </HeadlessSwitch>
      <Label className="cursor-pointer text-sm font-semibold text-ink">{label}</Label>
    </Field>
  );
}
