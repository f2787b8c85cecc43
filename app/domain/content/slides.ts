// What a hero slide's button does when staff leave it blank, for the home page and the Hero
// Slider screen alike. Client-safe, and light (the home page's bundle loads it).

/** A slide's button without text of its own says this; without a link it opens the inquiry form. */
export const DEFAULT_SLIDE_BUTTON = "Start Your AI Design";
