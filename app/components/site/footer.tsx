/**
 * Site footer (docs/product.md#navigation-and-chrome): blurb, quick links, package categories,
 * Gangtok address and phone.
 */
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { formatPhone, telLink } from '~/lib/whatsapp';
import type { Settings } from '~/schemas/settings';
import { footerCategories, footerLinks } from './nav-links';

export function Footer({ company }: { company: Settings['company'] }) {
  return (
    <footer className="bg-forest-900 text-forest-50">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-xl font-semibold text-white">{company.name}</p>
          <p className="mt-3 text-sm leading-relaxed text-forest-100">
            A Gangtok-based, locally run travel company crafting tours, cab services and bike rentals across Sikkim and Darjeeling, with our own drivers,
            hand-picked stays and 24/7 support on the road.
          </p>
          <ul className="mt-4 space-y-1 text-sm text-forest-100">
            {company.officeHours.map((h) => (
              <li key={h.days}>
                <span className="font-semibold text-white">{h.days}</span>
                {` ${h.hours}`}
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick links">
          <h2 className="footer-heading">Quick Links</h2>
          <ul className="footer-links mt-3 space-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Tour categories">
          <h2 className="footer-heading">Tour Packages</h2>
          <ul className="footer-links mt-3 space-y-2 text-sm">
            {footerCategories.map((category) => (
              <li key={category}>
                <Link to="/packages">{`${category} Tours`}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Contact</h2>
          <address className="footer-links mt-3 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
              {company.address}
            </p>
            <p>
              <a href={telLink(company.phone)} className="flex gap-2">
                <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
                {formatPhone(company.phone)}
              </a>
            </p>
            <p>
              <a href={`mailto:${company.email}`} className="flex gap-2">
                <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
                {company.email}
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-forest-800">
        <p className="container-page py-5 text-xs text-forest-200">
          {`© ${new Date().getFullYear()} ${company.name}. Registered with the Sikkim Tourism Department${company.registrationNumber ? ` (${company.registrationNumber})` : ''}.`}
        </p>
      </div>
    </footer>
  );
}
