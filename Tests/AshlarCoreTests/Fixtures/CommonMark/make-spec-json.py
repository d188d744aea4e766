#!/usr/bin/env python3
"""Writes spec.json, the CommonMark spec's examples, from the spec's spec.txt.

Usage: python3 make-spec-json.py PATH/TO/spec.txt > spec.json

The reading follows the spec repository's test/spec_tests.py (get_tests): an example is the
text between a line of 32 backticks followed by " example" and a line holding only ".", then
the HTML up to the closing 32 backticks; "→" stands for a tab.
"""
import json
import re
import sys


def examples(path):
    header = re.compile('#+ ')
    state, section, markdown, html, number, start = 0, '', [], [], 0, 0
    tests = []
    with open(path, encoding='utf-8', newline='\n') as spec:
        for line_number, line in enumerate(spec, 1):
            stripped = line.strip()
            if stripped == '`' * 32 + ' example':
                state = 1
            elif state == 2 and stripped == '`' * 32:
                state = 0
                number += 1
                tests.append({
                    'markdown': ''.join(markdown).replace('→', '\t'),
                    'html': ''.join(html).replace('→', '\t'),
                    'example': number,
                    'start_line': start,
                    'end_line': line_number,
                    'section': section,
                })
                start, markdown, html = 0, [], []
            elif stripped == '.':
                state = 2
            elif state == 1:
                if start == 0:
                    start = line_number - 1
                markdown.append(line)
            elif state == 2:
                html.append(line)
            elif state == 0 and header.match(line):
                section = header.sub('', line).strip()
    return tests


if __name__ == '__main__':
    json.dump(examples(sys.argv[1]), sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write('\n')
