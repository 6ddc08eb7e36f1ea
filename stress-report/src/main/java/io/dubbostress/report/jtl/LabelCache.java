package io.dubbostress.report.jtl;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Labels are few: one String per distinct label, found by its bytes without decoding. */
final class LabelCache {
    private byte[][] keys = new byte[64][];
    private String[] values = new String[64];
    private int size;
    private byte[] lastKey = new byte[0];
    private String lastValue;

    String intern(byte[] b, int s, int e) {
        if (lastValue != null && Arrays.equals(lastKey, 0, lastKey.length, b, s, e)) {
            return lastValue; // rows of one label mostly follow each other
        }
        int hash = 1;
        for (int i = s; i < e; i++) {
            hash = 31 * hash + b[i];
        }
        int mask = keys.length - 1;
        int slot = mix(hash) & mask;
        while (keys[slot] != null) {
            if (sameBytes(keys[slot], b, s, e)) {
                lastKey = keys[slot];
                lastValue = values[slot];
                return lastValue;
            }
            slot = (slot + 1) & mask;
        }
        byte[] key = new byte[e - s];
        System.arraycopy(b, s, key, 0, key.length);
        String value = new String(key, StandardCharsets.UTF_8);
        keys[slot] = key;
        values[slot] = value;
        if (++size * 2 > keys.length) {
            grow();
        }
        lastKey = key;
        lastValue = value;
        return value;
    }

    String intern(String label) {
        byte[] bytes = label.getBytes(StandardCharsets.UTF_8);
        return intern(bytes, 0, bytes.length);
    }

    private void grow() {
        byte[][] oldKeys = keys;
        String[] oldValues = values;
        keys = new byte[oldKeys.length * 2][];
        values = new String[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                int hash = 1;
                for (byte x : oldKeys[i]) {
                    hash = 31 * hash + x;
                }
                int slot = mix(hash) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                values[slot] = oldValues[i];
            }
        }
    }

    private static int mix(int h) {
        return h ^ (h >>> 16);
    }

    private static boolean sameBytes(byte[] key, byte[] b, int s, int e) {
        if (key.length != e - s) {
            return false;
        }
        for (int i = 0; i < key.length; i++) {
            if (key[i] != b[s + i]) {
                return false;
            }
        }
        return true;
    }
}
