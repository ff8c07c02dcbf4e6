import { ImageUp, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useUserData } from '../../system/hooks/session';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonClasses } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { useAvatarActor, useAvatarBusy, useAvatarError, useAvatarUploading } from './useAccount';

/** The profile picture: pick one (a real file input, styled as a button), or remove it. */
export function AvatarPicker() {
  const user = useUserData();
  const actor = useAvatarActor();
  const busy = useAvatarBusy(actor);
  const uploading = useAvatarUploading(actor);
  const error = useAvatarError(actor);
  const inputId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={user?.fullname ?? ''} src={user?.avatar} size="lg" />
        <div className="min-w-0">
          <p className="text-xl font-bold text-ink">{user?.fullname}</p>
          <p className="text-sm text-ink-muted">
            JPEG, PNG, WebP or GIF, up to 5 MB. Shown as a 256 px square.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic"
          className="peer sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file picked again after a failure is a change too.
            event.target.value = '';
            if (file) actor.send({ type: 'avatar.chosen', file });
          }}
        />
        <label
          htmlFor={inputId}
          className={buttonClasses(
            'secondary',
            'md',
            `peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-500 ${busy ? 'pointer-events-none opacity-50' : 'cursor-pointer'}`,
          )}
        >
          <ImageUp aria-hidden="true" className="size-4" />
          {uploading ? 'Uploading…' : user?.avatar ? 'Change picture' : 'Add a picture'}
        </label>
        {user?.avatar ? (
          <Button variant="ghost" inactive={busy} onClick={() => actor.send({ type: 'avatar.remove' })}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove picture
          </Button>
        ) : null}
      </div>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </div>
  );
}
