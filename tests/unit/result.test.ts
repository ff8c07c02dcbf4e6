import { describe, expect, it } from 'vitest';
import type { Answer } from '../../src/api/client';
import { toDone, toResult } from '../../src/api/result';

const answer = <T>(over: Partial<Answer<T>>): Answer<T> => ({
  status: 200,
  success: true,
  data: null,
  meta: { drop_cookies: [] },
  message: '',
  ...over,
});

describe('the one error convention of src/api', () => {
  it('gives the data of a success, with its sentence', () => {
    expect(toResult(answer({ data: { id: 7 }, message: 'Saved.' }))).toEqual({
      ok: true,
      data: { id: 7 },
      message: 'Saved.',
    });
  });

  it('refuses a success that carries no data, keeping its status', () => {
    expect(toResult(answer({ data: null, message: 'Invitation sent again.' }))).toEqual({
      ok: false,
      message: 'Invitation sent again.',
      fieldErrors: {},
      status: 200,
    });
  });

  it('keeps a refusal’s status, sentence and messages per field', () => {
    const refused = answer<{ errors: Record<string, string> }>({
      status: 422,
      success: false,
      data: { errors: { email: 'Enter an e-mail address.' } },
      message: 'Check the form.',
    });
    expect(toResult(refused)).toEqual({
      ok: false,
      message: 'Check the form.',
      fieldErrors: { email: 'Enter an e-mail address.' },
      status: 422,
    });
    expect(toDone(refused)).toEqual(toResult(refused));
  });

  it('takes a success with nothing in it as done', () => {
    expect(toDone(answer({ data: null, message: 'Signed out.' }))).toEqual({
      ok: true,
      data: null,
      message: 'Signed out.',
    });
    expect(toDone(answer({ status: 404, success: false, message: 'No such area.' }))).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
