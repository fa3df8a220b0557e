/**
 * Testimonials carousel (docs/product.md#other-home-sections): 3 / 2 / 1 per view at >= 1024 /
 * 768-1023 / < 768 px, wraps.
 */
import { Link } from 'react-router';
import { TestimonialCard } from './testimonial-card';
import { buttonClass } from '~/components/ui/button';
import { Carousel } from '~/components/ui/carousel';
import { SectionReveal } from '~/components/ui/section-reveal';
import { testimonials } from '~/content/testimonials';
import { SectionHeading } from './section-heading';

export function TestimonialsCarousel({ rating, reviewsText }: { rating: string; reviewsText: string }) {
  return (
    <SectionReveal aria-labelledby="testimonials-title" className="container-page py-20 md:py-28">
      <SectionHeading
        id="testimonials-title"
        eyebrow={`${rating} from ${reviewsText}`}
        title="What Our Travellers Say"
        action={
          <Link to="/testimonials" className={buttonClass('outline')}>
            Read All Testimonials
          </Link>
        }
      />
      <Carousel label="Testimonials" className="mt-10" arrowsFrom="always" options={{ align: 'start' }} slideClassName="basis-full md:basis-1/2 lg:basis-1/3">
        {testimonials.map((t) => (
          <TestimonialCard key={t.name} testimonial={t} />
        ))}
      </Carousel>
    </SectionReveal>
  );
}
