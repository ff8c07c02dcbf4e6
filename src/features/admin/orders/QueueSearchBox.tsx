import { useTypedSearch } from '../../../system/hooks/typedSearch';
import { Labelled } from './Labelled';

/**
 * The queue's words: the box keeps what is typed and sends it to the address once typing pauses
 * (src/system/hooks/typedSearch.ts); bound straight to the address, the router's late answer put
 * back the old words between keystrokes.
 */
export function QueueSearchBox({
  text,
  onSearch,
  className,
  inputClassName,
}: {
  text: string;
  onSearch(text: string): void;
  className: string;
  inputClassName: string;
}) {
  const box = useTypedSearch(text, onSearch);
  return (
    <Labelled label="Order number or company" className={className}>
      {(id) => (
        <input
          id={id}
          type="search"
          value={box.typed}
          onChange={(e) => box.type(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') box.submit();
          }}
          className={inputClassName}
          autoComplete="off"
        />
      )}
    </Labelled>
  );
}
