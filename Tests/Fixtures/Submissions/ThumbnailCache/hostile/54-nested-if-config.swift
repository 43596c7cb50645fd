// expect: error
// why: 4,000 nested #if blocks overflowed the audit's stack, which the grader then reported as its own fault
import Foundation

#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
#if true
let deepFlag = 1
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {}
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
