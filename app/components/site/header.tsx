/**
 * Site header (docs/product.md#navigation-and-chrome): fixed; transparent over the home hero and
 * white with a shadow after 50 px of scroll; desktop 'Book Now' opens the inquiry dialog; below
 * 768 px a menu button opens a panel that closes on route change, with a call link and
 * 'Book Your Tour Now'.
 *
 * Both work from the first paint (docs/architecture.md, "Controls before and after hydration"):
 * 'Book Now' is a link to /inquire that opens the dialog once scripts run, and the menu is a native
 * `<details>` disclosure, which React then closes on a route change and on Escape.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { cn } from '~/lib/cn';
import { telLink } from '~/lib/whatsapp';
import { headerLinks, HEADER_SCROLL_THRESHOLD_PX } from './nav-links';
import { DialogLink } from './site-dialogs';

export function Header({ companyName, phone, overHero = false }: { companyName: string; phone: string; overHero?: boolean }) {
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // Mirrors the disclosure's own state (it may have been opened before the scripts ran).
  const [menuOpen, setMenuOpen] = useState(false);
  const transparent = overHero && !scrolled && !menuOpen;

  useEffect(() => {
    if (menu.current) setMenuOpen(menu.current.open);
  }, []);

  // A route change closes the menu (not the first render: a menu opened before hydration stays open).
  const menuPath = useRef(location.pathname);
  useEffect(() => {
    if (menuPath.current === location.pathname) return;
    menuPath.current = location.pathname;
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menu.current) return;
      menu.current.open = false;
      menu.current.querySelector('summary')?.focus();
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
        scrolled || menuOpen
          ? 'bg-white text-ink shadow-md'
          : overHero
            ? 'bg-gradient-to-b from-black/45 to-transparent text-white'
            : 'bg-white/95 text-ink backdrop-blur',
      )}
    >
      <div className="site-header-bar">
        {/* The name (from settings, any length) gives way before the phone and menu buttons do. */}
        <Link to="/" className={cn('site-logo', transparent ? 'text-white' : 'text-forest-700')}>
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
        <DialogLink dialog={{ kind: 'inquiry' }} className={buttonClass(transparent ? 'accent' : 'primary', 'md', 'shrink-0 max-md:hidden')}>
          Book Now
        </DialogLink>
        <div className="flex shrink-0 items-center gap-1 md:hidden">
          <a
            href={telLink(phone)}
            aria-label={`Call us at ${phone}`}
            className={cn('header-icon-button', transparent ? 'text-white hover:bg-white/15' : 'text-forest-700 hover:bg-forest-50')}
          >
            <Icon name="phone" className="size-5" />
          </a>
          {/* The panel is placed under the whole header bar (the header is its containing block). */}
          <details ref={menu} className="mobile-menu" onToggle={(event) => setMenuOpen(event.currentTarget.open)}>
            <summary
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-controls="mobile-menu"
              className={cn('header-icon-button', transparent ? 'text-white hover:bg-white/15' : 'text-ink hover:bg-forest-50')}
            >
              <Icon name="menu" className="mobile-menu-open size-6" />
              <Icon name="x" className="mobile-menu-close size-6" />
            </summary>
            <nav
              id="mobile-menu"
              aria-label="Mobile"
              className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-forest-100 bg-white px-4 pb-6 text-ink shadow-md"
            >
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
          </details>
        </div>
      </div>
    </header>
  );
}
