/**
 * Everything the six catalogue pages render, from one module: the pages import it whole, so the
 * bundler ships it as one shared chunk instead of a dozen tiny ones (fewer requests before first
 * paint on a slow mobile connection; issue 4 budgets).
 */
export { BikeCard, CarCard, PackageCard, toPackageCardItem, type PackageCardItem } from '../cards';
export { CatalogFilters, EmptyResult, listHref, useListPending } from '../catalog-filters';
export { DetailError } from '../detail-error';
export { BookPackageButton, BookVehicleButton, WhatsAppButton, WhatsAppIcon } from './actions';
export { CatalogBadge, MarkList, RatingStars, SectionHeading, UnavailableOverlay } from './bits';
export { CarDetailSkeleton, usePendingCarDetail } from './car-skeleton';
export { Breadcrumbs, DetailLayout, FactList, HelpCard, ImageGallery, MobileActionBar, PolicyGroups, SummaryCard, SummaryPrice, TrustPoints } from './detail';
export { JsonLd } from './json-ld';
export { ListBody, ListHero, ResultsGrid } from './list-page';
export { Pagination } from './pagination';
