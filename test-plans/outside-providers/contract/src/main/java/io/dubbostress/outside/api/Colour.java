package io.dubbostress.outside.api;

public enum Colour {
    RED, GREEN, BLUE
}
