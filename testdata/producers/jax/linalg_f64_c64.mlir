module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x6xf64>, %arg1: tensor<6x2xf64>, %arg2: tensor<6x6xcomplex<f32>>, %arg3: tensor<6x2xcomplex<f32>>) -> (tensor<6x2xf64> {jax.result_info = "result[0]"}, tensor<6x2xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<6x6xcomplex<f32>> {jax.result_info = "result[2]"}) {
    %0 = call @solve(%arg0, %arg1) : (tensor<6x6xf64>, tensor<6x2xf64>) -> tensor<6x2xf64>
    %1 = call @solve_0(%arg2, %arg3) : (tensor<6x6xcomplex<f32>>, tensor<6x2xcomplex<f32>>) -> tensor<6x2xcomplex<f32>>
    %2 = call @inv(%arg2) : (tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    return %0, %1, %2 : tensor<6x2xf64>, tensor<6x2xcomplex<f32>>, tensor<6x6xcomplex<f32>>
  }
  func.func private @solve(%arg0: tensor<6x6xf64>, %arg1: tensor<6x2xf64>) -> tensor<6x2xf64> {
    %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=6, j=6, k=6, l=6, m=6}, custom>} : (tensor<6x6xf64>) -> (tensor<6x6xf64>, tensor<6xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<6xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<6x6xf64>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x6xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<6x6xi1>, tensor<6x6xf64>
    %9 = stablehlo.iota dim = 0 : tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<6xi32>, tensor<i64>, tensor<i64>, tensor<6xi32>
    cond {
      %c_6 = stablehlo.constant dense<6> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %14 = stablehlo.add %iterArg_4, %c_6 : tensor<i64>
      %c_7 = stablehlo.constant dense<0> : tensor<i64>
      %15 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %16 = stablehlo.convert %iterArg_4 : tensor<i64>
      %c_8 = stablehlo.constant dense<6> : tensor<i64>
      %17 = stablehlo.add %16, %c_8 : tensor<i64>
      %18 = stablehlo.select %15, %17, %iterArg_4 : tensor<i1>, tensor<i64>
      %19 = stablehlo.dynamic_slice %iterArg, %18, sizes = [1] : (tensor<6xi32>, tensor<i64>) -> tensor<1xi32>
      %20 = stablehlo.reshape %19 : (tensor<1xi32>) -> tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i64>
      %21 = stablehlo.compare LT, %iterArg_4, %c_9, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %22 = stablehlo.convert %iterArg_4 : tensor<i64>
      %c_10 = stablehlo.constant dense<6> : tensor<i64>
      %23 = stablehlo.add %22, %c_10 : tensor<i64>
      %24 = stablehlo.select %21, %23, %iterArg_4 : tensor<i1>, tensor<i64>
      %25 = stablehlo.dynamic_slice %iterArg_5, %24, sizes = [1] : (tensor<6xi32>, tensor<i64>) -> tensor<1xi32>
      %26 = stablehlo.reshape %25 : (tensor<1xi32>) -> tensor<i32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %20, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_12 = stablehlo.constant dense<6> : tensor<i32>
      %28 = stablehlo.add %20, %c_12 : tensor<i32>
      %29 = stablehlo.select %27, %28, %20 : tensor<i1>, tensor<i32>
      %30 = stablehlo.dynamic_slice %iterArg_5, %29, sizes = [1] : (tensor<6xi32>, tensor<i32>) -> tensor<1xi32>
      %31 = stablehlo.reshape %30 : (tensor<1xi32>) -> tensor<i32>
      %c_13 = stablehlo.constant dense<0> : tensor<i64>
      %32 = stablehlo.compare LT, %iterArg_4, %c_13, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<6> : tensor<i64>
      %33 = stablehlo.add %iterArg_4, %c_14 : tensor<i64>
      %34 = stablehlo.select %32, %33, %iterArg_4 : tensor<i1>, tensor<i64>
      %35 = stablehlo.convert %34 : (tensor<i64>) -> tensor<i32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %37 = "stablehlo.scatter"(%iterArg_5, %36, %31) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<6xi32>, tensor<1xi32>, tensor<i32>) -> tensor<6xi32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.compare LT, %20, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<6> : tensor<i32>
      %39 = stablehlo.add %20, %c_16 : tensor<i32>
      %40 = stablehlo.select %38, %39, %20 : tensor<i1>, tensor<i32>
      %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %42 = "stablehlo.scatter"(%37, %41, %26) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<6xi32>, tensor<1xi32>, tensor<i32>) -> tensor<6xi32>
      %c_17 = stablehlo.constant dense<1> : tensor<i64>
      %43 = stablehlo.add %iterArg_3, %c_17 : tensor<i64>
      stablehlo.return %iterArg, %43, %14, %42 : tensor<6xi32>, tensor<i64>, tensor<i64>, tensor<6xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<6x2xf64>) -> tensor<2x6xf64>
    %12 = call @_lu_solve(%8, %10#3, %11) : (tensor<6x6xf64>, tensor<6xi32>, tensor<2x6xf64>) -> tensor<2x6xf64>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<2x6xf64>) -> tensor<6x2xf64>
    return %13 : tensor<6x2xf64>
  }
  func.func private @_lu_solve(%arg0: tensor<6x6xf64>, %arg1: tensor<6xi32>, %arg2: tensor<2x6xf64>) -> tensor<2x6xf64> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<2x6xf64>) -> tensor<2x6x1xf64>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<6xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<6xi1>, tensor<6xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1, 1>}> : (tensor<2x6x1xf64>, tensor<6x1xi32>) -> tensor<2x6x1xf64>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<2x6x1xf64>) -> tensor<6x1x2xf64>
    %9 = stablehlo.reshape %8 : (tensor<6x1x2xf64>) -> tensor<6x2xf64>
    %10 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=6, j=6, k=6, l=2, m=6, n=2}, custom>} : (tensor<6x6xf64>, tensor<6x2xf64>) -> tensor<6x2xf64>
    %11 = stablehlo.reshape %10 : (tensor<6x2xf64>) -> tensor<6x1x2xf64>
    %12 = stablehlo.reshape %11 : (tensor<6x1x2xf64>) -> tensor<6x2xf64>
    %13 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=6, j=6, k=6, l=2, m=6, n=2}, custom>} : (tensor<6x6xf64>, tensor<6x2xf64>) -> tensor<6x2xf64>
    %14 = stablehlo.reshape %13 : (tensor<6x2xf64>) -> tensor<6x1x2xf64>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<6x1x2xf64>) -> tensor<2x6x1xf64>
    %16 = stablehlo.reshape %15 : (tensor<2x6x1xf64>) -> tensor<2x6xf64>
    return %16 : tensor<2x6xf64>
  }
  func.func private @solve_0(%arg0: tensor<6x6xcomplex<f32>>, %arg1: tensor<6x2xcomplex<f32>>) -> tensor<6x2xcomplex<f32>> {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=6, j=6, k=6, l=6, m=6}, custom>} : (tensor<6x6xcomplex<f32>>) -> (tensor<6x6xcomplex<f32>>, tensor<6xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<6xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<6x6xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x6xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<6x6xi1>, tensor<6x6xcomplex<f32>>
    %9 = stablehlo.iota dim = 0 : tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<6xi32>, tensor<i64>, tensor<i64>, tensor<6xi32>
    cond {
      %c_6 = stablehlo.constant dense<6> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %14 = stablehlo.add %iterArg_4, %c_6 : tensor<i64>
      %c_7 = stablehlo.constant dense<0> : tensor<i64>
      %15 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %16 = stablehlo.convert %iterArg_4 : tensor<i64>
      %c_8 = stablehlo.constant dense<6> : tensor<i64>
      %17 = stablehlo.add %16, %c_8 : tensor<i64>
      %18 = stablehlo.select %15, %17, %iterArg_4 : tensor<i1>, tensor<i64>
      %19 = stablehlo.dynamic_slice %iterArg, %18, sizes = [1] : (tensor<6xi32>, tensor<i64>) -> tensor<1xi32>
      %20 = stablehlo.reshape %19 : (tensor<1xi32>) -> tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i64>
      %21 = stablehlo.compare LT, %iterArg_4, %c_9, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %22 = stablehlo.convert %iterArg_4 : tensor<i64>
      %c_10 = stablehlo.constant dense<6> : tensor<i64>
      %23 = stablehlo.add %22, %c_10 : tensor<i64>
      %24 = stablehlo.select %21, %23, %iterArg_4 : tensor<i1>, tensor<i64>
      %25 = stablehlo.dynamic_slice %iterArg_5, %24, sizes = [1] : (tensor<6xi32>, tensor<i64>) -> tensor<1xi32>
      %26 = stablehlo.reshape %25 : (tensor<1xi32>) -> tensor<i32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %20, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_12 = stablehlo.constant dense<6> : tensor<i32>
      %28 = stablehlo.add %20, %c_12 : tensor<i32>
      %29 = stablehlo.select %27, %28, %20 : tensor<i1>, tensor<i32>
      %30 = stablehlo.dynamic_slice %iterArg_5, %29, sizes = [1] : (tensor<6xi32>, tensor<i32>) -> tensor<1xi32>
      %31 = stablehlo.reshape %30 : (tensor<1xi32>) -> tensor<i32>
      %c_13 = stablehlo.constant dense<0> : tensor<i64>
      %32 = stablehlo.compare LT, %iterArg_4, %c_13, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<6> : tensor<i64>
      %33 = stablehlo.add %iterArg_4, %c_14 : tensor<i64>
      %34 = stablehlo.select %32, %33, %iterArg_4 : tensor<i1>, tensor<i64>
      %35 = stablehlo.convert %34 : (tensor<i64>) -> tensor<i32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %37 = "stablehlo.scatter"(%iterArg_5, %36, %31) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<6xi32>, tensor<1xi32>, tensor<i32>) -> tensor<6xi32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.compare LT, %20, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<6> : tensor<i32>
      %39 = stablehlo.add %20, %c_16 : tensor<i32>
      %40 = stablehlo.select %38, %39, %20 : tensor<i1>, tensor<i32>
      %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %42 = "stablehlo.scatter"(%37, %41, %26) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<6xi32>, tensor<1xi32>, tensor<i32>) -> tensor<6xi32>
      %c_17 = stablehlo.constant dense<1> : tensor<i64>
      %43 = stablehlo.add %iterArg_3, %c_17 : tensor<i64>
      stablehlo.return %iterArg, %43, %14, %42 : tensor<6xi32>, tensor<i64>, tensor<i64>, tensor<6xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<6x2xcomplex<f32>>) -> tensor<2x6xcomplex<f32>>
    %12 = call @_lu_solve_1(%8, %10#3, %11) : (tensor<6x6xcomplex<f32>>, tensor<6xi32>, tensor<2x6xcomplex<f32>>) -> tensor<2x6xcomplex<f32>>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<2x6xcomplex<f32>>) -> tensor<6x2xcomplex<f32>>
    return %13 : tensor<6x2xcomplex<f32>>
  }
  func.func private @_lu_solve_1(%arg0: tensor<6x6xcomplex<f32>>, %arg1: tensor<6xi32>, %arg2: tensor<2x6xcomplex<f32>>) -> tensor<2x6xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<2x6xcomplex<f32>>) -> tensor<2x6x1xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<6xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<6xi1>, tensor<6xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1, 1>}> : (tensor<2x6x1xcomplex<f32>>, tensor<6x1xi32>) -> tensor<2x6x1xcomplex<f32>>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<2x6x1xcomplex<f32>>) -> tensor<6x1x2xcomplex<f32>>
    %9 = stablehlo.reshape %8 : (tensor<6x1x2xcomplex<f32>>) -> tensor<6x2xcomplex<f32>>
    %10 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=6, j=6, k=6, l=2, m=6, n=2}, custom>} : (tensor<6x6xcomplex<f32>>, tensor<6x2xcomplex<f32>>) -> tensor<6x2xcomplex<f32>>
    %11 = stablehlo.reshape %10 : (tensor<6x2xcomplex<f32>>) -> tensor<6x1x2xcomplex<f32>>
    %12 = stablehlo.reshape %11 : (tensor<6x1x2xcomplex<f32>>) -> tensor<6x2xcomplex<f32>>
    %13 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=6, j=6, k=6, l=2, m=6, n=2}, custom>} : (tensor<6x6xcomplex<f32>>, tensor<6x2xcomplex<f32>>) -> tensor<6x2xcomplex<f32>>
    %14 = stablehlo.reshape %13 : (tensor<6x2xcomplex<f32>>) -> tensor<6x1x2xcomplex<f32>>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<6x1x2xcomplex<f32>>) -> tensor<2x6x1xcomplex<f32>>
    %16 = stablehlo.reshape %15 : (tensor<2x6x1xcomplex<f32>>) -> tensor<2x6xcomplex<f32>>
    return %16 : tensor<2x6xcomplex<f32>>
  }
  func.func private @inv(%arg0: tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<6x6xi64>
    %1 = stablehlo.iota dim = 1 : tensor<6x6xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<6x6xi64>
    %3 = stablehlo.add %0, %2 : tensor<6x6xi64>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<6x6xi64>, tensor<6x6xi64>) -> tensor<6x6xi1>
    %5 = stablehlo.convert %4 : (tensor<6x6xi1>) -> tensor<6x6xcomplex<f32>>
    %6 = call @solve_2(%arg0, %5) : (tensor<6x6xcomplex<f32>>, tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    return %6 : tensor<6x6xcomplex<f32>>
  }
  func.func private @solve_2(%arg0: tensor<6x6xcomplex<f32>>, %arg1: tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>> {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=6, j=6, k=6, l=6, m=6}, custom>} : (tensor<6x6xcomplex<f32>>) -> (tensor<6x6xcomplex<f32>>, tensor<6xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<6xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<6x6xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x6xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<6x6xi1>, tensor<6x6xcomplex<f32>>
    %9 = stablehlo.iota dim = 0 : tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<6xi32>, tensor<i64>, tensor<i64>, tensor<6xi32>
    cond {
      %c_6 = stablehlo.constant dense<6> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %14 = stablehlo.add %iterArg_4, %c_6 : tensor<i64>
      %c_7 = stablehlo.constant dense<0> : tensor<i64>
      %15 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %16 = stablehlo.convert %iterArg_4 : tensor<i64>
      %c_8 = stablehlo.constant dense<6> : tensor<i64>
      %17 = stablehlo.add %16, %c_8 : tensor<i64>
      %18 = stablehlo.select %15, %17, %iterArg_4 : tensor<i1>, tensor<i64>
      %19 = stablehlo.dynamic_slice %iterArg, %18, sizes = [1] : (tensor<6xi32>, tensor<i64>) -> tensor<1xi32>
      %20 = stablehlo.reshape %19 : (tensor<1xi32>) -> tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i64>
      %21 = stablehlo.compare LT, %iterArg_4, %c_9, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %22 = stablehlo.convert %iterArg_4 : tensor<i64>
      %c_10 = stablehlo.constant dense<6> : tensor<i64>
      %23 = stablehlo.add %22, %c_10 : tensor<i64>
      %24 = stablehlo.select %21, %23, %iterArg_4 : tensor<i1>, tensor<i64>
      %25 = stablehlo.dynamic_slice %iterArg_5, %24, sizes = [1] : (tensor<6xi32>, tensor<i64>) -> tensor<1xi32>
      %26 = stablehlo.reshape %25 : (tensor<1xi32>) -> tensor<i32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %20, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_12 = stablehlo.constant dense<6> : tensor<i32>
      %28 = stablehlo.add %20, %c_12 : tensor<i32>
      %29 = stablehlo.select %27, %28, %20 : tensor<i1>, tensor<i32>
      %30 = stablehlo.dynamic_slice %iterArg_5, %29, sizes = [1] : (tensor<6xi32>, tensor<i32>) -> tensor<1xi32>
      %31 = stablehlo.reshape %30 : (tensor<1xi32>) -> tensor<i32>
      %c_13 = stablehlo.constant dense<0> : tensor<i64>
      %32 = stablehlo.compare LT, %iterArg_4, %c_13, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<6> : tensor<i64>
      %33 = stablehlo.add %iterArg_4, %c_14 : tensor<i64>
      %34 = stablehlo.select %32, %33, %iterArg_4 : tensor<i1>, tensor<i64>
      %35 = stablehlo.convert %34 : (tensor<i64>) -> tensor<i32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %37 = "stablehlo.scatter"(%iterArg_5, %36, %31) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<6xi32>, tensor<1xi32>, tensor<i32>) -> tensor<6xi32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.compare LT, %20, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<6> : tensor<i32>
      %39 = stablehlo.add %20, %c_16 : tensor<i32>
      %40 = stablehlo.select %38, %39, %20 : tensor<i1>, tensor<i32>
      %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %42 = "stablehlo.scatter"(%37, %41, %26) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<6xi32>, tensor<1xi32>, tensor<i32>) -> tensor<6xi32>
      %c_17 = stablehlo.constant dense<1> : tensor<i64>
      %43 = stablehlo.add %iterArg_3, %c_17 : tensor<i64>
      stablehlo.return %iterArg, %43, %14, %42 : tensor<6xi32>, tensor<i64>, tensor<i64>, tensor<6xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %12 = call @_lu_solve_3(%8, %10#3, %11) : (tensor<6x6xcomplex<f32>>, tensor<6xi32>, tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    return %13 : tensor<6x6xcomplex<f32>>
  }
  func.func private @_lu_solve_3(%arg0: tensor<6x6xcomplex<f32>>, %arg1: tensor<6xi32>, %arg2: tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<6x6xcomplex<f32>>) -> tensor<6x6x1xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<6xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<6xi1>, tensor<6xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 6, 1, 1>}> : (tensor<6x6x1xcomplex<f32>>, tensor<6x1xi32>) -> tensor<6x6x1xcomplex<f32>>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<6x6x1xcomplex<f32>>) -> tensor<6x1x6xcomplex<f32>>
    %9 = stablehlo.reshape %8 : (tensor<6x1x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %10 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=6, j=6, k=6, l=6, m=6, n=6}, custom>} : (tensor<6x6xcomplex<f32>>, tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %11 = stablehlo.reshape %10 : (tensor<6x6xcomplex<f32>>) -> tensor<6x1x6xcomplex<f32>>
    %12 = stablehlo.reshape %11 : (tensor<6x1x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %13 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=6, j=6, k=6, l=6, m=6, n=6}, custom>} : (tensor<6x6xcomplex<f32>>, tensor<6x6xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %14 = stablehlo.reshape %13 : (tensor<6x6xcomplex<f32>>) -> tensor<6x1x6xcomplex<f32>>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<6x1x6xcomplex<f32>>) -> tensor<6x6x1xcomplex<f32>>
    %16 = stablehlo.reshape %15 : (tensor<6x6x1xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    return %16 : tensor<6x6xcomplex<f32>>
  }
}
