import { notFound } from '@tanstack/react-router';
import { ContentNotFound } from '../../system/contentCalls';

/** A content loader's data; an unknown slug shows the not-found page, other failures the error page. */
export const orNotFound = <T>(request: Promise<T>): Promise<T> =>
  request.catch((error: unknown) => {
    throw error instanceof ContentNotFound ? notFound() : error;
  });
