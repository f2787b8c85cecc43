import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import type { HeroSlide } from "#app/domain/content/content.schema.ts";
import { DEFAULT_SLIDE_BUTTON } from "#app/domain/content/slides.ts";

export const SLIDE_INTERVAL_MS = 6000;

export interface FallbackHero {
  heading: string;
  subheading: string;
  backgroundImage: string;
}

const controlClass =
  "js-only inline-flex size-9 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60";

/**
 * The home page hero: the active slides in order, in a scroll-snapping track (decision 0022).
 * Without script the dots are links to their slides and the track scrolls by swipe; the site's
 * inline script (site-script.ts) moves it every 6 s (not while pointed at or focused, and not
 * under reduced motion until Play is pressed) and shows the previous, next and pause buttons.
 * With no slides, the fallback welcome hero.
 *
 * The page's one h1 is the hero's heading, outside the track: the slides out of view are inert,
 * and a heading inside one would vanish from the page with it. Each slide's title is an h2.
 */
export function HeroSlider({ slides, fallback }: { slides: HeroSlide[]; fallback: FallbackHero }) {
  const count = slides.length;
  if (count === 0) return <WelcomeHero fallback={fallback} />;

  return (
    <>
      <h1 className="sr-only">{fallback.heading}</h1>
      <section
        aria-roledescription="carousel"
        aria-label="Highlights"
        data-carousel
        className="group/carousel relative isolate overflow-hidden bg-slate-950"
      >
        <div
          data-carousel-track
          aria-live="off"
          className="snap-track flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain"
        >
          {slides.map((slide, i) => (
            <Slide key={slide.id} slide={slide} position={i} count={count} />
          ))}
        </div>
        {count > 1 && (
          <div className="absolute inset-x-0 bottom-6 z-10 flex items-center justify-center gap-3">
            <button
              type="button"
              data-carousel-play
              aria-label="Pause slides"
              className={controlClass}
            >
              <Icon name="pause" className="size-4 group-data-paused/carousel:hidden" />
              <Icon name="play" className="hidden size-4 group-data-paused/carousel:block" />
            </button>
            <StepButton step="prev" />
            <ol className="flex items-center gap-1">
              {slides.map((slide, i) => (
                <li key={slide.id}>
                  <a
                    href={`#${slideId(i)}`}
                    data-carousel-dot
                    aria-label={`Go to slide ${i + 1}: ${slide.title}`}
                    aria-current={i === 0 ? "true" : undefined}
                    className="group/dot flex h-6 min-w-6 items-center justify-center"
                  >
                    <span className="block h-2.5 w-2.5 rounded-full bg-white/50 transition-all group-hover/dot:bg-white/80 group-aria-[current]/dot:w-8 group-aria-[current]/dot:bg-white" />
                  </a>
                </li>
              ))}
            </ol>
            <StepButton step="next" />
          </div>
        )}
      </section>
    </>
  );
}

const slideId = (position: number) => `hero-slide-${position + 1}`;

function Slide({ slide, position, count }: { slide: HeroSlide; position: number; count: number }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group
    <div
      id={slideId(position)}
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      className="relative w-full shrink-0 snap-start scroll-mt-16"
    >
      <HeroBackdrop image={slide.backgroundImage} priority={position === 0} />
      <div className="container-page relative flex min-h-[32rem] flex-col justify-center pt-20 pb-24 sm:min-h-[36rem]">
        {slide.subtitle && (
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            {slide.subtitle}
          </p>
        )}
        <h2 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl lg:text-6xl">
          {slide.title}
        </h2>
        {slide.description && (
          <p className="mt-5 max-w-2xl text-lg text-slate-200 sm:text-xl">{slide.description}</p>
        )}
        <div className="mt-8 flex flex-wrap gap-3">
          <SlideButton slide={slide} />
        </div>
      </div>
    </div>
  );
}

function SlideButton({ slide }: { slide: HeroSlide }) {
  const label = slide.buttonText || DEFAULT_SLIDE_BUTTON;
  if (/^https?:\/\//i.test(slide.buttonLink)) {
    return (
      <a href={slide.buttonLink} className="btn-primary text-base" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  if (!slide.buttonLink) {
    return <InquiryButton className="btn-primary text-base">{label}</InquiryButton>;
  }
  return (
    <Link to={slide.buttonLink} className="btn-primary text-base">
      {label}
    </Link>
  );
}

function HeroBackdrop({ image, priority }: { image: string; priority: boolean }) {
  return (
    <div className="absolute inset-0 -z-10" aria-hidden="true">
      {image ? (
        <img
          src={image}
          alt=""
          className="size-full object-cover"
          fetchPriority={priority ? "high" : "low"}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
        />
      ) : null}
      <div className="absolute inset-0 bg-gradient-to-r from-slate-950/95 via-slate-950/75 to-brand-950/40" />
    </div>
  );
}

function WelcomeHero({ fallback }: { fallback: FallbackHero }) {
  return (
    <section aria-label="Welcome" className="relative isolate overflow-hidden bg-slate-950">
      <HeroBackdrop image={fallback.backgroundImage} priority />
      <div className="container-page relative flex min-h-[32rem] flex-col justify-center py-20 sm:min-h-[36rem]">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl lg:text-6xl">
          {fallback.heading}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-200 sm:text-xl">{fallback.subheading}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/portfolio" className="btn-primary text-base">
            View Our Work
          </Link>
          <Link to="/ai-powered-web-design" className="btn-on-dark text-base">
            Explore AI Web Design
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The previous- or next-slide button (the site script finds it by its data attribute). */
function StepButton({ step }: { step: "prev" | "next" }) {
  const next = step === "next";
  return (
    <button
      type="button"
      {...{ [`data-carousel-${step}`]: "" }}
      aria-label={next ? "Next slide" : "Previous slide"}
      className={controlClass}
    >
      <Icon name={next ? "chevron-right" : "chevron-left"} className="size-5" />
    </button>
  );
}
