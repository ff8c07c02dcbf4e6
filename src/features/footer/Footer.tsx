import { Mail, MessageCircle, Phone } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { CompanyFacts } from '../../../contract/ui';
import { config } from '../../config';
import { useChatReady, useShowChat } from '../../system/hooks/chat';
import { Logo } from '../../ui/Logo';
import { SiteLink } from '../../ui/SiteLink';

const linkClasses = 'rounded text-primary-100 underline-offset-4 hover:text-white hover:underline';

// Who runs the product comes after the page: the footer's first paint does not wait for its code.
const CompanyLines = lazy(() => import('./CompanyLines'));

/**
 * The footer of every page (SPEC section 2, "Footer links"). Who runs the product comes from the
 * server (`company`, the root route's GET /ui/company): the name on the invoices and legal documents.
 */
export function Footer({ company }: { company: Promise<CompanyFacts | null> }) {
  const chatReady = useChatReady();
  const showChat = useShowChat();
  return (
    <footer className="mt-auto bg-primary-900 pb-chat-room text-primary-100">
      <div className="mx-auto grid max-w-page gap-10 px-4 py-12 tb:grid-cols-[1.4fr_1fr_1fr] tb:px-6 xl:px-10">
        <div className="flex flex-col gap-4">
          <Logo inverted />
          <Suspense>
            <CompanyLines company={company} part="about" />
          </Suspense>
        </div>

        <nav aria-label="Footer" className="flex flex-col gap-3 text-sm">
          <h2 className="text-xs font-bold tracking-wider text-white uppercase">Learn</h2>
          <SiteLink href="/info/resources" className={linkClasses}>
            Resource Hub
          </SiteLink>
          <SiteLink href="/specs" className={linkClasses}>
            Ad specs
          </SiteLink>
          <a href={config.termsUrl} target="_blank" rel="noopener" className={linkClasses}>
            Terms of service<span className="sr-only"> (PDF, opens in a new tab)</span>
          </a>
          <a href={config.privacyUrl} target="_blank" rel="noopener" className={linkClasses}>
            Privacy policy<span className="sr-only"> (PDF, opens in a new tab)</span>
          </a>
          <a href={`${config.privacyUrl}#page=3`} target="_blank" rel="noopener" className={linkClasses}>
            Adchoices<span className="sr-only"> (privacy policy page 3, opens in a new tab)</span>
          </a>
        </nav>

        <div className="flex flex-col gap-3 text-sm">
          <h2 className="text-xs font-bold tracking-wider text-white uppercase">Talk to us</h2>
          <a
            href={`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`}
            className={`${linkClasses} inline-flex items-center gap-2`}
          >
            <Phone aria-hidden="true" className="size-4" />
            {config.contactPhone}
          </a>
          <a
            href={`mailto:${config.contactEmail}`}
            className={`${linkClasses} inline-flex items-center gap-2`}
          >
            <Mail aria-hidden="true" className="size-4" />
            {config.contactEmail}
          </a>
          {/* Only once the chat can open: a button that did nothing would be worse than none. */}
          {chatReady ? (
            <button
              type="button"
              onClick={showChat}
              className={`${linkClasses} inline-flex items-center gap-2`}
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              Start a chat
            </button>
          ) : null}
          <p className="text-primary-200">Weekdays 8 am to 6 pm Central.</p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <Suspense>
          <CompanyLines company={company} part="copyright" />
        </Suspense>
      </div>
    </footer>
  );
}
