import { describe, expect, test } from 'bun:test';
import { ModelHttpError } from './httpModelClient.ts';
import { CallTimeout, classifyFailure, failureDetail, failureText, InvalidAnswer } from './providerError.ts';

/** An AI SDK APICallError as plugin-openai throws it, wrapped in the SDK's RetryError. */
const sdkError = (statusCode: number, body: string) => ({ name: 'AI_RetryError', message: 'Failed after 3 attempts', lastError: { name: 'AI_APICallError', statusCode, message: body, responseBody: body } });

describe('a provider failure is its status and a reason from a fixed list', () => {
  test('by status', () => {
    expect(classifyFailure(new ModelHttpError('429', 429, {}))).toEqual({ status: 429, reason: 'rate-limited' });
    expect(classifyFailure(new ModelHttpError('401', 401, {}))).toEqual({ status: 401, reason: 'unauthorized' });
    expect(classifyFailure(new ModelHttpError('403', 403, {}))).toEqual({ status: 403, reason: 'unauthorized' });
    expect(classifyFailure(new ModelHttpError('400', 400, {}))).toEqual({ status: 400, reason: 'refused' });
    expect(classifyFailure(new ModelHttpError('408', 408, {}))).toEqual({ status: 408, reason: 'timeout' });
    expect(classifyFailure(new ModelHttpError('503', 503, {}))).toEqual({ status: 503, reason: 'server error' });
    expect(classifyFailure(sdkError(401, 'Incorrect API key provided: SK-PLANTED'))).toEqual({ status: 401, reason: 'unauthorized' });
  });

  test('without one', () => {
    expect(classifyFailure(new CallTimeout(50))).toEqual({ status: null, reason: 'timeout' });
    expect(classifyFailure(new InvalidAnswer('no content'))).toEqual({ status: null, reason: 'invalid answer' });
    expect(classifyFailure(new TypeError('fetch failed'))).toEqual({ status: null, reason: 'network' });
    expect(classifyFailure(new Error('connect ECONNREFUSED 127.0.0.1:9'))).toEqual({ status: null, reason: 'network' });
    expect(classifyFailure(Object.assign(new Error('gone'), { name: 'AI_NoContentGeneratedError' }))).toEqual({ status: null, reason: 'invalid answer' });
    expect(classifyFailure(Object.assign(new Error('The operation was aborted'), { name: 'AbortError' }))).toEqual({ status: null, reason: 'cancelled' });
    expect(classifyFailure(new ModelHttpError('401', 401, {}), true)).toEqual({ status: null, reason: 'cancelled' });
    expect(classifyFailure(new Error('key sk-planted-0123456789 refused in some odd way'))).toEqual({ status: null, reason: 'failed' });
    expect(classifyFailure('a thrown string')).toEqual({ status: null, reason: 'failed' });
  });

  test('its text names the provider and holds nothing the provider said', () => {
    expect(failureText({ status: 401, reason: 'unauthorized' }, 'openai@https://api.openai.com/v1')).toBe('401 unauthorized from openai@https://api.openai.com/v1');
    expect(failureText({ status: null, reason: 'timeout' })).toBe('timeout');
  });

  test('the detail for the debug log is the message and the body an SDK kept', () => {
    expect(failureDetail(sdkError(401, '{"error":"bad key"}'))).toBe('{"error":"bad key"}');
    expect(failureDetail(new ModelHttpError('401 Unauthorized', 401, {}, 'bad key'))).toBe('401 Unauthorized bad key');
    expect(failureDetail(new Error('x'.repeat(700)))).toHaveLength(603);
  });
});
