/**
 * Site header (docs/product.md#navigation-and-chrome): fixed; transparent over the home hero and
 * white with a shadow after 50 px of scroll; desktop 'Book Now' opens the inquiry dialog; below
 * 768 px a menu button opens a panel that closes on route change, with a call link and
 * 'Book Your Tour Now'.
 */
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { cn } from '~/lib/cn';
import { telLink } from '~/lib/whatsapp';
import { headerLinks, HEADER_SCROLL_THRESHOLD_PX } from './nav-links';
import { dialogTrigger, useSiteDialogs } from './site-dialogs';

export function Header({ companyName, phone, overHero = false }: { companyName: string; phone: string; overHero?: boolean }) {
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  const { openInquiry } = useSiteDialogs();
  // The menu is open for the path it was opened on, so it closes by itself on a route change.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const transparent = overHero && !scrolled && !menuOpen;

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled}
      data-transparent={transparent}
      className={cn(
        // The fixed parts of its look are one class each in app/app.css (.site-header, .site-logo, .header-icon-button).
        'site-header',
        scrolled || menuOpen ? 'bg-white text-ink shadow-md' : overHero ? 'bg-gradient-to-b from-black/45 to-transparent text-white' : 'bg-white/95 text-ink backdrop-blur',
      )}
    >
      <div className="site-header-bar">
        {/* The name (from settings, any length) gives way before the phone and menu buttons do. */}
        <Link
          to="/"
          className={cn('site-logo', transparent ? 'text-white' : 'text-forest-700')}
        >
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{companyName}</span>
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  // The current page is marked by its aria-current (app/app.css, .nav-link).
                  className={() => (transparent ? 'nav-link text-white hover:bg-white/15' : 'nav-link')}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          {...dialogTrigger}
          onClick={() => openInquiry()}
          className={buttonClass(transparent ? 'accent' : 'primary', 'md', 'shrink-0 max-md:hidden')}
        >
          Book Now
        </button>
        <div className="flex shrink-0 items-center gap-1 md:hidden">
          <a
            href={telLink(phone)}
            aria-label={`Call us at ${phone}`}
            className={cn('header-icon-button', transparent ? 'text-white hover:bg-white/15' : 'text-forest-700 hover:bg-forest-50')}
          >
            <Icon name="phone" className="size-5" />
          </a>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
            className={cn('header-icon-button', transparent ? 'text-white hover:bg-white/15' : 'text-ink hover:bg-forest-50')}
          >
            {menuOpen ? <Icon name="x" className="size-6" /> : <Icon name="menu" className="size-6" />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-forest-100 bg-white px-4 pb-6 md:hidden">
          <ul className="flex flex-col py-2">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={({ isActive }) =>
                    cn('block rounded-lg px-3 py-3 font-medium hover:bg-forest-50', isActive ? 'bg-forest-50 text-forest-700' : 'text-ink')
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-3">
            <a href={telLink(phone)} className={buttonClass('outline', 'lg')}>
              <Icon name="phone" className="size-5" />
              Call {phone}
            </a>
            <Link to="/booking" className={buttonClass('primary', 'lg')}>
              Book Your Tour Now
            </Link>
          </div>
        </nav>
      ) : null}
    </header>
  );
}
