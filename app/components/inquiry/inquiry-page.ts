/** The AI design inquiry page: where the inquiry buttons lead without JavaScript. */
export const AI_DESIGN_PAGE = "/start-your-ai-design";
