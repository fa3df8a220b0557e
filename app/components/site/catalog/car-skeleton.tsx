/**
 * The car detail page's loading skeleton (docs/product.md#car-detail).
 * A page that links to car details renders it in place of itself while a client-side navigation to
 * a car is loading (`usePendingCarDetail`), so the visitor sees the car page's shape at once. Same
 * boxes as the page: nothing jumps when the car arrives.
 */
import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { Bone } from './bits';

const CAR_DETAIL_PATH = /^\/cars\/[^/]+\/?$/;

/**
 * True while a client-side navigation to a car detail page (other than `currentCarId`) is loading.
 * The window scrolls to the top with it, where the car page will start.
 */
export function usePendingCarDetail(currentCarId?: string): boolean {
  const navigation = useNavigation();
  const target = navigation.state === 'loading' ? navigation.location.pathname : '';
  const pending = CAR_DETAIL_PATH.test(target) && target.replace(/\/$/, '') !== `/cars/${currentCarId}`;
  useEffect(() => {
    if (pending) window.scrollTo({ top: 0 });
  }, [pending]);
  return pending;
}

export function CarDetailSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="car-detail-skeleton">
      <span className="sr-only">Loading car details...</span>
      <div className="bg-mist">
        <div className="mx-auto max-w-7xl space-y-4 px-4 pt-24 pb-8 md:px-6 md:pt-28">
          <Bone className="h-4 w-56" />
          <div className="flex gap-2">
            <Bone className="h-6 w-24 rounded-full" />
            <Bone className="h-6 w-20 rounded-full" />
          </div>
          <Bone className="h-11 w-3/4 max-w-xl" />
          <Bone className="h-5 w-48" />
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 md:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-12 lg:py-12 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-3">
          <Bone className="aspect-[3/2] w-full rounded-card" />
          <div className="grid grid-cols-3 gap-3">
            <Bone className="aspect-[3/2] rounded-lg" />
            <Bone className="aspect-[3/2] rounded-lg" />
            <Bone className="aspect-[3/2] rounded-lg" />
          </div>
        </div>
        <div className="space-y-4 rounded-card bg-white p-6 shadow-lg ring-1 ring-forest-100">
          <Bone className="h-4 w-24" />
          <Bone className="h-8 w-40" />
          <Bone className="h-24 w-full" />
          <Bone className="h-11 w-full rounded-full" />
          <Bone className="h-11 w-full rounded-full" />
        </div>
        <div className="space-y-3 lg:col-start-1">
          <Bone className="h-7 w-40" />
          <Bone className="h-4 w-full" />
          <Bone className="h-4 w-11/12" />
          <Bone className="h-4 w-2/3" />
        </div>
      </div>
    </div>
  );
}
