// The package's internal core (UTF-8 and offsets, JSON writing, Punycode, the gap buffer, seeded
// generators) is visible in every file of this module and to the modules built on it. It declares
// nothing public, so nothing of it reaches users of the package.
#if !FUZZING
@_exported import ComposerCore
#endif
