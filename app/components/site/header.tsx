/**
 * Site header (spec section 2, Navigation and chrome): fixed; white with a shadow after 50px of
 * scroll; mobile menu below 768px that closes on route change.
 */
import { Menu, Phone, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '~/lib/cn';
import { telLink } from '~/lib/whatsapp';
import { headerLinks } from './nav-links';

export function Header({ companyName, phone }: { companyName: string; phone: string }) {
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  // The menu is open for the path it was opened on, so it closes by itself on a route change.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 50);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200',
        scrolled || menuOpen ? 'bg-white shadow-md' : 'bg-white/95 backdrop-blur',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 md:h-18 md:px-6">
        <Link to="/" className="flex items-center gap-2 font-display text-lg font-semibold text-forest-700">
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span>{companyName}</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={({ isActive }) =>
                    cn(
                      'rounded-full px-3 py-2 text-[0.95rem] font-medium text-ink hover:bg-forest-50 hover:text-forest-700',
                      isActive && 'text-forest-700 underline decoration-marigold decoration-2 underline-offset-8',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden lg:block">
          <Link to="/booking" className="rounded-full bg-forest-700 px-5 py-2.5 font-semibold text-white hover:bg-forest-800">
            Book Now
          </Link>
        </div>
        <div className="flex items-center gap-1 lg:hidden">
          <a href={telLink(phone)} aria-label={`Call us at ${phone}`} className="grid size-11 place-items-center rounded-full text-forest-700 hover:bg-forest-50">
            <Phone className="size-5" aria-hidden />
          </a>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
            className="grid size-11 place-items-center rounded-full text-ink hover:bg-forest-50"
          >
            {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-forest-100 bg-white px-4 pb-6 lg:hidden">
          <ul className="flex flex-col py-2">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className="block rounded-lg px-3 py-3 font-medium hover:bg-forest-50">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to="/booking" className="block rounded-full bg-forest-700 px-5 py-3 text-center font-semibold text-white">
            Book Your Tour Now
          </Link>
        </nav>
      ) : null}
    </header>
  );
}
