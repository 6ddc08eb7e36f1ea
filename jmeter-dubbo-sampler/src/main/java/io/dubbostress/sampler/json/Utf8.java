package io.dubbostress.sampler.json;

/** How many bytes a string takes in UTF-8, counted without encoding it (the sizes of arguments and results). */
public final class Utf8 {

    private Utf8() {
    }

    public static long length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
