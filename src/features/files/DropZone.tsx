import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { TAKEN_FILES } from '../../../contract/uploads';

/**
 * Where files are dropped or picked, many at once. The picker is a real file input behind its label,
 * so the keyboard and screen readers reach it as a button.
 */
export function DropZone({ onFiles, disabled }: { onFiles(files: File[]): void; disabled?: boolean }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <label
      htmlFor={id}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary-500 ${
        over ? 'border-primary-500 bg-primary-50' : 'border-primary-200 bg-cream hover:border-primary-400'
      } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
    >
      <FileUp aria-hidden="true" className="size-8 text-primary-600" />
      <span className="font-semibold text-ink">Drop files here, or choose files</span>
      <span className="text-sm text-ink-muted">{TAKEN_FILES}; video up to 500 MB</span>
      <input
        id={id}
        type="file"
        multiple
        disabled={disabled}
        className="sr-only"
        aria-label="Choose files to upload"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file can be picked again (after a reload, to resume it).
          event.target.value = '';
        }}
      />
    </label>
  );
}
