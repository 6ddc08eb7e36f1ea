package io.dubbostress.sampler.sampler;

import java.nio.charset.StandardCharsets;
import org.apache.jmeter.samplers.SampleResult;

/**
 * The answer kept as a sample's response data, as the Response data field asks ({@code responseDataChars}: 0 none, the
 * fastest and the default; -1 all; else at most that many characters).
 *
 * <pre>{@code
 * ResponseData.keep(result, answerText, plan.responseDataChars());
 * }</pre>
 */
public final class ResponseData {

    private ResponseData() {
    }

    /** Up to {@code chars} characters of {@code text} as the response data ({@code -1}: all, 0: none). */
    public static void keep(SampleResult result, String text, int chars) {
        if (chars == 0 || text == null) {
            return;
        }
        String kept = chars > 0 && text.length() > chars ? text.substring(0, chars) : text;
        result.setResponseData(kept, StandardCharsets.UTF_8.name());
    }
}
