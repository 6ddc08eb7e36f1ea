package io.dubbostress.report.jtl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The layout of one JTL file: its delimiter, its column names in order and what each column means to the report.
 * Built from the header row ({@link #fromHeader}) or, for a file written with {@code print_field_names=false}, assumed
 * to be JMeter's default column order ({@link #jmeterDefault}).
 */
public final class JtlColumns {

    private final byte delimiter;
    private final List<String> names;
    private final JtlColumn[] kinds;
    private final boolean headerRow;

    private JtlColumns(byte delimiter, List<String> names, boolean headerRow) {
        this.delimiter = delimiter;
        this.names = Collections.unmodifiableList(new ArrayList<>(names));
        this.headerRow = headerRow;
        this.kinds = new JtlColumn[names.size()];
        Set<JtlColumn> seen = EnumSet.noneOf(JtlColumn.class);
        for (int i = 0; i < kinds.length; i++) {
            JtlColumn kind = JtlColumn.ofHeader(names.get(i));
            // a name repeated (two sample variables called "label"?) counts once: the first one wins
            kinds[i] = kind != JtlColumn.OTHER && !seen.add(kind) ? JtlColumn.OTHER : kind;
        }
    }

    /** Columns named by a header row. */
    public static JtlColumns fromHeader(byte delimiter, List<String> headerCells) {
        return new JtlColumns(delimiter, headerCells, true);
    }

    /** JMeter's default columns, plus {@code extraColumns} unnamed sample variables, for a file without a header. */
    public static JtlColumns jmeterDefault(byte delimiter, int extraColumns) {
        List<String> names = new ArrayList<>(Arrays.asList(JtlColumn.JMETER_DEFAULT_HEADER));
        for (int i = 0; i < extraColumns; i++) {
            names.add("variable" + (i + 1));
        }
        return new JtlColumns(delimiter, names, false);
    }

    public byte delimiter() {
        return delimiter;
    }

    public int count() {
        return kinds.length;
    }

    public JtlColumn kind(int index) {
        return kinds[index];
    }

    public List<String> names() {
        return names;
    }

    /** Whether the file had a header row (else the columns were assumed). */
    public boolean fromHeaderRow() {
        return headerRow;
    }

    public boolean has(JtlColumn column) {
        return indexOf(column) >= 0;
    }

    public int indexOf(JtlColumn column) {
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == column) {
                return i;
            }
        }
        return -1;
    }

    /** The column a report cannot do without, or null when all are there. */
    public String missingRequiredColumn() {
        for (JtlColumn required : new JtlColumn[] {JtlColumn.TIME_STAMP, JtlColumn.ELAPSED, JtlColumn.LABEL}) {
            if (!has(required)) {
                return required.headerName();
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return String.join(String.valueOf((char) delimiter), names);
    }
}
