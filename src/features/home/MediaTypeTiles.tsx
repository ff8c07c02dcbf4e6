import { ArrowRight } from 'lucide-react';
import { CHANNEL_LOOKS } from '../../lib/channels';
import { ChannelIcon } from '../../ui/ChannelIcon';
import { SiteLink } from '../../ui/SiteLink';
import { MEDIA_TILES } from './mediaTiles';

/** A tile per media type: its banner under the channel's overlay gradient, its icon and accent. */
export function MediaTypeTiles() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
      {MEDIA_TILES.map((tile) => {
        const look = CHANNEL_LOOKS[tile.channel];
        return (
          <li key={tile.channel}>
            <SiteLink
              href={tile.href}
              aria-describedby={`tile-${tile.channel}`}
              className="group relative flex h-56 flex-col justify-end overflow-hidden rounded-2xl text-white shadow-md shadow-primary-900/10 transition-transform hover:-translate-y-1 hover:shadow-xl"
            >
              <img
                src={look.banner}
                alt=""
                loading="lazy"
                className="absolute inset-0 size-full object-cover"
              />
              <span aria-hidden="true" className={`absolute inset-0 look-overlay ${look.className}`} />
              <span
                className={`absolute top-3 left-3 inline-flex size-10 items-center justify-center rounded-xl bg-white shadow look-text ${look.className}`}
              >
                <ChannelIcon channel={tile.channel} />
              </span>
              <span className="relative flex flex-col gap-1 p-4">
                <span className="flex items-center gap-1 text-lg font-extrabold drop-shadow">
                  {tile.title}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 transition-transform group-hover:translate-x-1"
                  />
                </span>
                <span id={`tile-${tile.channel}`} className="text-sm leading-snug text-white/95 drop-shadow">
                  {tile.blurb}
                </span>
              </span>
            </SiteLink>
          </li>
        );
      })}
    </ul>
  );
}
