import { useCallback, useEffect, useState } from "react";
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

/**
 * The home page hero: the active slides in order, advancing every 6 s (paused on hover and
 * focus, and never under reduced motion). With no slides, the fallback welcome hero.
 */
export function HeroSlider({
  slides,
  fallback,
  loading = false,
}: {
  slides: HeroSlide[];
  fallback: FallbackHero;
  loading?: boolean;
}) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = slides.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    const media = matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(media.matches);
    const onChange = () => setReducedMotion(media.matches);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  const go = useCallback((next: number) => setIndex((next + count) % count), [count]);

  const playing = count > 1 && !hovered && !focused && !stopped && !reducedMotion;
  useEffect(() => {
    if (!playing) return;
    // Asked again at each tick: a tick before the preference's state arrived must not move.
    const reduce = matchMedia("(prefers-reduced-motion: reduce)");
    const timer = setInterval(() => {
      if (!reduce.matches) setIndex((i) => (i + 1) % count);
    }, SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, count]);

  if (count === 0) return <WelcomeHero fallback={fallback} loading={loading} />;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative isolate overflow-hidden bg-slate-950"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node)) setFocused(false);
      }}
    >
      <div aria-live={playing ? "off" : "polite"}>
        {slides.map((slide, i) => (
          <Slide key={slide.id} slide={slide} position={i} count={count} active={i === current} />
        ))}
      </div>
      {loading && <Spinner />}
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-6 z-10 flex items-center justify-center gap-3">
          <button
            type="button"
            onClick={() => setStopped((s) => !s)}
            className="inline-flex size-9 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60"
            aria-label={stopped || reducedMotion ? "Play slides" : "Pause slides"}
          >
            {stopped || reducedMotion ? (
              <Icon name="play" className="size-4" aria-hidden="true" />
            ) : (
              <Icon name="pause" className="size-4" aria-hidden="true" />
            )}
          </button>
          <button
            type="button"
            onClick={() => go(current - 1)}
            aria-label="Previous slide"
            className="inline-flex size-9 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60"
          >
            <Icon name="chevron-left" className="size-5" aria-hidden="true" />
          </button>
          <ol className="flex items-center gap-1">
            {slides.map((slide, i) => (
              <li key={slide.id}>
                <button
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Go to slide ${i + 1}: ${slide.title}`}
                  aria-current={i === current ? "true" : undefined}
                  className="group/dot flex h-6 min-w-6 items-center justify-center"
                >
                  <span
                    className={`block h-2.5 rounded-full transition-all ${i === current ? "w-8 bg-white" : "w-2.5 bg-white/50 group-hover/dot:bg-white/80"}`}
                  />
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label="Next slide"
            className="inline-flex size-9 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60"
          >
            <Icon name="chevron-right" className="size-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}

function Slide({
  slide,
  position,
  count,
  active,
}: {
  slide: HeroSlide;
  position: number;
  count: number;
  active: boolean;
}) {
  const Heading = position === 0 ? "h1" : "h2";
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      aria-hidden={!active}
      inert={!active}
      className={`${active ? "relative opacity-100" : "pointer-events-none absolute inset-0 opacity-0"} transition-opacity duration-700`}
    >
      <HeroBackdrop image={slide.backgroundImage} priority={position === 0} />
      <div className="container-page relative flex min-h-[32rem] flex-col justify-center pt-20 pb-24 sm:min-h-[36rem]">
        {slide.subtitle && (
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            {slide.subtitle}
          </p>
        )}
        <Heading className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl lg:text-6xl">
          {slide.title}
        </Heading>
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

function WelcomeHero({ fallback, loading }: { fallback: FallbackHero; loading: boolean }) {
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
      {loading && <Spinner />}
    </section>
  );
}

function Spinner() {
  return (
    <div className="absolute top-4 right-4 z-10" role="status">
      <span className="block size-6 animate-spin rounded-full border-2 border-white/30 border-t-white" />
      <span className="sr-only">Loading slides…</span>
    </div>
  );
}
