/**
 * How the pages greet a signed-in person: "Welcome back" only to someone who has been here before.
 * The API says a first visit (`first_visit`); an API that does not say gets the greeting that is
 * never wrong.
 */
export const greeting = (firstVisit: boolean | undefined, firstname: string) =>
  `${firstVisit === false ? 'Welcome back' : 'Welcome'}${firstname ? `, ${firstname}` : ''}`;
