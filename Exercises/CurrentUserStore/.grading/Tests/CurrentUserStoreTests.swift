/// The hidden tests of the CurrentUserStore exercise, in report order; one or more per
/// contract point of the exercise README. Names are stable: fixtures and gradebooks use them.
enum CurrentUserStoreTests: ExerciseSuite {
    typealias Subject = any CurrentUserStoreSubject.Type

    static let tests: [HiddenTest] = [
        HiddenTest("writes_file_in_folder", "save(_:) writes one file, with a fixed name, directly in the given folder", point: 1, lesson: "08-persistence", body: writesFileInFolder),
        HiddenTest("survives_relaunch", "a new store over the same folder finds the saved user", point: 1, lesson: "08-persistence", body: survivesRelaunch),
        HiddenTest("stores_are_isolated", "stores over different folders keep different users", point: 1, lesson: "08-persistence", body: storesAreIsolated),
        HiddenTest("save_is_atomic", "save(_:) replaces the file with a new one instead of rewriting it in place", point: 2, lesson: "08-persistence", body: saveIsAtomic),
        HiddenTest("failed_save_changes_nothing", "a save whose file cannot be written throws and leaves nobody signed in", point: 2, lesson: "08-persistence", body: failedSaveChangesNothing),
        HiddenTest("uses_nscache", "the store keeps the user it read or saved in an NSCache", point: 3, lesson: "08-persistence", body: usesNSCache),
        HiddenTest("survives_memory_pressure", "after critical memory pressure the user is read back from the file", point: 3, lesson: "05-eviction", body: survivesMemoryPressure),
        HiddenTest("pressure_rereads_file", "once the NSCache has let go, no other copy in memory answers: the file does", point: 3, lesson: "05-eviction", body: pressureRereadsFile),
        HiddenTest("keeps_no_copy_of_its_own", "once the NSCache lets the user go, no other reference keeps it alive", point: 3, lesson: "05-eviction", body: keepsNoCopyOfItsOwn),
        HiddenTest("save_fills_cache", "right after save(_:), currentUser() answers from memory", point: 4, lesson: "08-persistence", body: saveFillsCache),
        HiddenTest("miss_fills_cache", "a user read from the file is cached, so the next call answers from memory", point: 4, lesson: "08-persistence", body: missFillsCache),
        HiddenTest("hit_does_not_open_file", "a cache hit never opens the user's file", point: 4, lesson: "08-persistence", body: hitDoesNotOpenFile),
        HiddenTest("no_file_is_nil", "with no file, currentUser() returns nil", point: 5, lesson: "08-persistence", body: noFileIsNil),
        HiddenTest("miss_not_remembered", "a miss is not remembered: a file that appears later is found", point: 5, lesson: "08-persistence", body: missNotRemembered),
        HiddenTest("corrupt_file_is_miss", "an empty, binary or truncated file makes currentUser() return nil, without a crash", point: 6, lesson: "08-persistence", body: corruptFileIsMiss),
        HiddenTest("recovers_after_corrupt_file", "after a corrupt file, the next save(_:) works, now and after a relaunch", point: 6, lesson: "08-persistence", body: recoversAfterCorruptFile),
        HiddenTest("save_replaces_user", "a second save(_:) replaces the user in memory and on disk", point: 7, lesson: "08-persistence", body: saveReplacesUser),
        HiddenTest("sign_out_removes_file", "signOut() removes the file, so a relaunch finds nobody", point: 7, lesson: "08-persistence", body: signOutRemovesFile),
        HiddenTest("sign_out_clears_cache", "signOut() removes the cached user, so the same store finds nobody", point: 7, lesson: "08-persistence", body: signOutClearsCache),
        HiddenTest("sign_out_without_file_clears_cache", "signOut() removes the cached user even when the file has already gone", point: 7, lesson: "08-persistence", body: signOutWithoutFileClearsCache),
        HiddenTest("sign_out_when_signed_out", "signOut() with nobody signed in succeeds and changes nothing", point: 7, lesson: "08-persistence", body: signOutWhenSignedOut),
    ]

    static func construct(_ subject: Subject) {
        _ = subject.init(folder: (try? makeFolder("construct")) ?? workingDirectory)
    }
}
