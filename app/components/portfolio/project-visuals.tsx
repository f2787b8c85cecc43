import { useEffect, useState } from "react";
import { CoverImage, type PictureProps } from "#app/components/ui/cover-image.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { categoryKind, hasRealImage } from "#app/domain/portfolio/portfolio.ts";

const categoryIcons = { ecommerce: "shopping-cart", ai: "bot", web: "globe" } as const;

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  return <Icon name={categoryIcons[categoryKind(category)]} className={className} />;
}

/** The project's image, or a gradient when it has none (or only a placeholder). */
export function ProjectImage({ src, className, eager = false }: PictureProps) {
  return (
    <CoverImage
      src={hasRealImage(src) ? src : null}
      className={className}
      eager={eager}
      width={800}
      height={500}
      gradient="from-brand-600 via-brand-500 to-accent-500"
      fallbackTestId="image-fallback"
    />
  );
}

/** A YYYY-MM-DD date: US English from the server, the visitor's own locale once in the browser. */
export function LocalDate({ value }: { value: string }) {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : null;
  const format = (locale?: string) =>
    date?.toLocaleDateString(locale, {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    }) ?? value;
  const [text, setText] = useState(() => format("en-US"));
  // biome-ignore lint/correctness/useExhaustiveDependencies: format once, after hydration
  useEffect(() => setText(format(undefined)), [value]);
  return date ? <time dateTime={value}>{text}</time> : value;
}
